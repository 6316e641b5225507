import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { attendanceOutcome, attendanceWindow, streams, type RecordedDomainEvent } from '@recup/shared-events';
import { attendanceDecider } from '../bookings/attendance-decider';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** A duty that failed (a store did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

type CourseEnd = { courseId: string; eventId: string };
const dutyKey = (courseId: string) => `attestations:${courseId}`;

/**
 * Sends each learner who completed a course their attestation, once (issue 20 §2): `BookingAttestationSent` on the
 * booking's stream, on which the mail reactor e-mails it.
 * - When the course ends (a durable duty of the course, at its end): every booking on it already recorded present at
 *   the four half-days.
 * - When attendance is recorded after the end (the centre within its 15 days, an administrator's correction later):
 *   that booking, if it is now completed.
 * Each send is decided on the booking's stream as it stands (`SendAttestation`): sent already, not completed, or
 * moved elsewhere sends nothing; so a replayed event or a duty run again repeats nothing.
 */
export function attestationKeeper(eventStore: EventStore, clock: Clock, options: { duties: DutyStore; logger?: Logger }): Reactor {
  const duties = new Duties<CourseEnd>(options.duties, 'attestation-keeper');
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'attestation-keeper' }, now), causationId });

  async function send(bookingId: string, courseId: string, causationId: string, now: Date) {
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status !== 'scheduled') return;
    try {
      await handleCommand(eventStore, streams.booking(bookingId), attendanceDecider, {
        type: 'SendAttestation', bookingId, course: { courseId, endDate: course.state.details.endDate }, now,
      }, { metadata: metadata(causationId, now) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  async function sendCourse(duty: CourseEnd, now: Date) {
    const course = await readState(eventStore, streams.course(duty.courseId), courseDecider);
    if (course.state.status !== 'scheduled') return;
    for (const bookingId of Object.keys(course.state.reservations)) await send(bookingId, duty.courseId, duty.eventId, now);
  }

  return {
    name: 'attestation-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'CourseScheduled':
        case 'CourseDetailsChanged': {
          const { courseId, startDate, endDate } = event.data;
          // A course whose recording time is long over (a replay of old courses) has nothing left to send at its end.
          if (clock.now() < attendanceWindow({ startDate, endDate }).closesAt) await duties.put(dutyKey(courseId), Date.parse(endDate), { courseId, eventId: event.id });
          else await duties.remove(dutyKey(courseId));
          return;
        }
        case 'CourseCancelled':
          await duties.remove(dutyKey(event.data.courseId));
          return;
        case 'BookingAttendanceRecorded': {
          if (attendanceOutcome(event.data.halfDays) !== 'COMPLETED') return;
          // Before the end, the course's duty sends it when the course ends.
          await send(event.data.bookingId, event.data.courseId, event.id, clock.now());
          return;
        }
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          await sendCourse(duty.data, now);
          await duties.remove(duty.key);
        } catch (error) {
          options.logger?.error(`attestation-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
