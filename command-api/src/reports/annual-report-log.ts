import type { EventStore } from '@recup/infra/event-store/port';
import { parisCalendarDay, streams, toDomainEvent, type RecordedDomainEvent } from '@recup/shared-events';

/**
 * The events the annual report folds, read from the log itself rather than from a projection: the report is asked a
 * few times a year, must count what the log says (the prefecture's figures, attendance included, as recorded) and
 * must not wait for, or depend on, read models built for other screens. So it reads only the streams that matter: the
 * centre's (its identity, and every course it ever announced), those courses' (dates, cancellation, facilitators,
 * the places reserved), and the bookings of the year's courses (case, attendance, moves, status). Null when the
 * centre does not exist.
 */
export async function readAnnualReportLog(eventStore: EventStore, organizationId: string, year: number): Promise<RecordedDomainEvent[] | null> {
  const centre = (await eventStore.readStream(streams.organization(organizationId))).map(toDomainEvent);
  if (!centre.some((event) => event.type === 'OrganizationRegistered')) return null;
  const courseIds = new Set(centre.flatMap((event) => (event.type === 'OrganizationCoursesAdded' ? event.data.courseIds : [])));
  const events = [...centre];
  const bookingIds = new Set<string>();
  for (const courseId of courseIds) {
    const course = (await eventStore.readStream(streams.course(courseId))).map(toDomainEvent);
    events.push(...course);
    const start = course.findLast((event) => event.type === 'CourseScheduled' || event.type === 'CourseDetailsChanged');
    if (!start || !('startDate' in start.data) || !parisCalendarDay(new Date(start.data.startDate)).startsWith(`${year}-`)) continue;
    // Every booking that ever held a place on a course of the year: one moved there, or moved away since, included
    // (the fold follows each booking to the course it holds now).
    for (const event of course) if (event.type === 'SpotReserved') bookingIds.add(event.data.bookingId);
  }
  for (const bookingId of bookingIds) events.push(...(await eventStore.readStream(streams.booking(bookingId))).map(toDomainEvent));
  return events.sort((a, b) => a.position - b.position);
}
