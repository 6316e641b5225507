import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { approvalExpired, approvalNoticeDueAt, lowEnrolmentNoticeDueAt, streams, type RecordedDomainEvent } from '@recup/shared-events';
import { bookingDecider } from '../bookings/booking-decider';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { lowEnrolmentDecider } from '../courses/low-enrolment';
import { organizationDecider } from '../organizations/organization-decider';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** A duty that failed (a store did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

/** A course to look at 10 days before it starts, or a centre's approval to tell of 60 days before it ends. */
type CentreNotice = { kind: 'lowEnrolment'; courseId: string; eventId: string } | { kind: 'approvalExpiry'; organizationId: string; eventId: string };

const lowEnrolmentDuty = (courseId: string) => `low-enrolment:${courseId}`;
const approvalDuty = (organizationId: string) => `approval-expiry:${organizationId}`;

/**
 * What the centre is told in time (issue 20 §5, §7), each a durable duty kept in the processor store beside the
 * reactor's checkpoint, rebuilt from the log on a replay, so that a restart resumes them:
 * - 10 days before a course's first day (09:00 Paris), a course with fewer than 6 confirmed bookings is noticed on
 *   its own stream (`CourseLowEnrolmentNoticed`, shown in its history), once;
 * - 60 days before a centre's approval ends (09:00 Paris), the centre is told on its stream
 *   (`OrganizationApprovalExpiryNoticed`), once per end date.
 * Each duty asks the stream's decider, which says whether it is due and whether it was already done: a duty run
 * again after a crash changes nothing twice. The mail reactor mails on the facts, once.
 */
export function centreNoticeKeeper(eventStore: EventStore, clock: Clock, options: { duties: DutyStore; logger?: Logger }): Reactor {
  const duties = new Duties<CentreNotice>(options.duties, 'centre-notice-keeper');
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'centre-notice-keeper' }, now), causationId });

  async function scheduleCourse(courseId: string, startDate: string, eventId: string) {
    // A replayed course already started needs nothing; one whose notice time passed is looked at at once.
    if (clock.now().getTime() < Date.parse(startDate)) await duties.put(lowEnrolmentDuty(courseId), lowEnrolmentNoticeDueAt(startDate).getTime(), { kind: 'lowEnrolment', courseId, eventId });
    else await duties.remove(lowEnrolmentDuty(courseId));
  }

  async function scheduleApproval(organizationId: string, expiresOn: string | null, eventId: string) {
    if (expiresOn === null || approvalExpired(expiresOn, clock.now())) await duties.remove(approvalDuty(organizationId));
    else await duties.put(approvalDuty(organizationId), approvalNoticeDueAt(expiresOn).getTime(), { kind: 'approvalExpiry', organizationId, eventId });
  }

  async function confirmedBookings(reservations: Record<string, string>) {
    let confirmed = 0;
    for (const bookingId of Object.keys(reservations)) {
      const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
      if (booking.state.status === 'CONFIRMED') confirmed += 1;
    }
    return confirmed;
  }

  async function run(duty: CentreNotice, now: Date) {
    try {
      if (duty.kind === 'lowEnrolment') {
        const course = await readState(eventStore, streams.course(duty.courseId), lowEnrolmentDecider);
        if (course.state.course.status !== 'scheduled' || course.state.noticed) return;
        const participants = await confirmedBookings(course.state.course.reservations);
        await handleCommand(eventStore, streams.course(duty.courseId), lowEnrolmentDecider, { type: 'NoticeLowEnrolment', participants, now }, { metadata: metadata(duty.eventId, now) });
      } else {
        await handleCommand(eventStore, streams.organization(duty.organizationId), organizationDecider, { type: 'NoticeApprovalExpiry', now }, { metadata: metadata(duty.eventId, now) });
      }
    } catch (error) {
      // Not due any more (enough participants, started, cancelled, the approval renewed or ended, the centre deleted): nothing to tell.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  return {
    name: 'centre-notice-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'CourseScheduled':
        case 'CourseDetailsChanged':
          await scheduleCourse(event.data.courseId, event.data.startDate, event.id);
          return;
        case 'CourseCancelled':
        case 'CourseLowEnrolmentNoticed':
          await duties.remove(lowEnrolmentDuty(event.data.courseId));
          return;
        case 'OrganizationApprovalDatesRecorded':
          await scheduleApproval(event.data.organizationId, event.data.approvalExpiresOn, event.id);
          return;
        case 'OrganizationApprovalExpiryNoticed':
        case 'OrganizationDeleted':
          await duties.remove(approvalDuty(event.data.organizationId));
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          await run(duty.data, now);
          await duties.remove(duty.key);
        } catch (error) {
          options.logger?.error(`centre-notice-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
