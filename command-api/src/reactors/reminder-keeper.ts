import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { Collection } from '@recup/infra/read-store/port';
import { followUpDueAt, reminderDueAt, remindersToSchedule } from '@recup/shared-events/bookings/reminders';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { bookingDecider } from '../bookings/booking-decider';
import { reminderKey } from '../bookings/booking';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { Duties, type DutyDoc } from './duties';
import type { Logger, Reactor } from './reactor';

/** A duty that failed (a store did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

/** One message to send at its time: a reminder `daysBefore` days before the course, or (null) the one after it. */
type MessageDuty = { bookingId: string; courseId: string; daysBefore: number | null; eventId: string };

const reminderDuty = (bookingId: string, courseId: string, daysBefore: number) => `reminder:${bookingId}:${courseId}:${daysBefore}`;
const followUpDuty = (bookingId: string, courseId: string) => `follow-up:${bookingId}:${courseId}`;

/**
 * Sends the learner's reminders before the course (REMINDER_DAYS, default 7 days and 1 day before its first day)
 * and, the day after it, the message on when the points come. Each is a durable duty, keyed by booking, course and
 * days before, scheduled when the booking is confirmed and kept in the read store beside the reactor's checkpoint:
 * a restart resumes them. When one falls due, the booking's stream decides (`SendReminder`, `SendFollowUp`): only a
 * booking still CONFIRMED and still on that course is reminded, once, the fact recorded on its stream
 * (`BookingReminderSent`, shown in its history), and the mail reactor mails on that fact, once.
 */
export function reminderKeeper(eventStore: EventStore, clock: Clock, options: { duties: Collection<DutyDoc>; reminderDays: readonly number[]; logger?: Logger }): Reactor {
  const duties = new Duties<MessageDuty>(options.duties, 'reminder-keeper');
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'reminder-keeper' }, now), causationId });

  /**
   * Lists the messages a booking still has to get about the course it is on, from `since` (its confirmation, or a
   * move to another course: the part that moves bookings calls this with the move's time).
   */
  async function scheduleBooking(bookingId: string, since: string, eventId: string) {
    const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
    if (booking.state.status !== 'CONFIRMED' && booking.state.status !== 'COMPLETED') return;
    const { courseId, remindersSent, followUpsSent } = booking.state;
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status !== 'scheduled') return;
    const { startDate, endDate } = course.state.details;
    if (booking.state.status === 'CONFIRMED') {
      for (const daysBefore of remindersToSchedule(options.reminderDays, startDate, since)) {
        if (remindersSent.includes(reminderKey(courseId, daysBefore))) continue;
        await duties.add(reminderDuty(bookingId, courseId, daysBefore), reminderDueAt(startDate, daysBefore).getTime(), { bookingId, courseId, daysBefore, eventId });
      }
    }
    if (!followUpsSent.includes(courseId)) await duties.add(followUpDuty(bookingId, courseId), followUpDueAt(endDate).getTime(), { bookingId, courseId, daysBefore: null, eventId });
  }

  /** A booking that ended (or moved away from a course) gets none of its messages. */
  async function forgetBooking(bookingId: string) {
    for (const duty of await duties.where('bookingId', bookingId)) await duties.remove(duty.key);
  }

  /** A course whose dates changed: its messages follow the new dates. */
  async function followCourse(courseId: string, startDate: string, endDate: string) {
    for (const duty of await duties.where('courseId', courseId)) {
      const dueAt = duty.data.daysBefore === null ? followUpDueAt(endDate) : reminderDueAt(startDate, duty.data.daysBefore);
      if (dueAt.getTime() !== duty.dueAt) await duties.reschedule(duty.key, dueAt.getTime());
    }
  }

  async function send(duty: MessageDuty, now: Date) {
    const { bookingId, courseId, daysBefore } = duty;
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status !== 'scheduled') return;
    const { startDate, endDate } = course.state.details;
    const command = daysBefore === null
      ? { type: 'SendFollowUp' as const, bookingId, courseId, courseEndDate: endDate, now }
      : { type: 'SendReminder' as const, bookingId, courseId, daysBefore, reminderDays: options.reminderDays, courseStartDate: startDate, now };
    try {
      await handleCommand(eventStore, streams.booking(bookingId), bookingDecider, command, { metadata: metadata(duty.eventId, now) });
    } catch (error) {
      // Refused by the booking's real state (cancelled, moved, the time passed): nothing to send.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  return {
    name: 'reminder-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'BookingConfirmed':
          await scheduleBooking(event.data.bookingId, event.data.confirmedAt, event.id);
          return;
        case 'BookingReminderSent':
          await duties.remove(reminderDuty(event.data.bookingId, event.data.courseId, event.data.daysBefore));
          return;
        case 'BookingFollowUpSent':
          await duties.remove(followUpDuty(event.data.bookingId, event.data.courseId));
          return;
        case 'BookingCancelled':
        case 'BookingExpired':
        case 'BookingDeleted':
          await forgetBooking(event.data.bookingId);
          return;
        case 'CourseDetailsChanged':
          await followCourse(event.data.courseId, event.data.startDate, event.data.endDate);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          await send(duty.data, now);
          await duties.remove(duty.key);
        } catch (error) {
          options.logger?.error(`reminder-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
