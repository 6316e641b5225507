import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { FOLLOW_UP_LATEST_MS, followUpDueAt, reminderDueAt } from '@recup/shared-events/bookings/reminders';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { bookingDecider, type BookingCommand } from '../bookings/booking-decider';
import { handleCommand, readState } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** A duty that failed (a store did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

/** The messages of one course at one time: a reminder `daysBefore` days before it, or (null) the one after it. */
type CourseMessages = { courseId: string; daysBefore: number | null; eventId: string };

const reminderDuty = (courseId: string, daysBefore: number) => `reminder:${courseId}:${daysBefore}`;
const followUpDuty = (courseId: string) => `follow-up:${courseId}`;

/**
 * Sends the learners' reminders before a course (REMINDER_DAYS, default 7 days and 1 day before its first day,
 * 09:00 Paris) and, the day after it, the message on when the points come. Each is a durable duty of the course,
 * kept in the processor store beside the reactor's checkpoint and rebuilt from the log on a replay: a restart resumes
 * them. A duty per course and time, not per booking: a course's duties stay a handful however many learners book
 * it, and a booking moved to another course is reminded with that course's.
 *
 * When a duty falls due, each booking that holds a place on the course is asked in turn, on its own stream
 * (`SendReminder`, `SendFollowUp`): only a booking still CONFIRMED and still on that course is reminded, once, the
 * fact recorded on its stream (`BookingReminderSent`, shown in its history), and the mail reactor mails on that
 * fact, once. A duty interrupted by a crash is run again: the bookings already reminded are passed over.
 */
export function reminderKeeper(eventStore: EventStore, clock: Clock, options: { duties: DutyStore; reminderDays: readonly number[]; logger?: Logger }): Reactor {
  const duties = new Duties<CourseMessages>(options.duties, 'reminder-keeper');
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'reminder-keeper' }, now), causationId });

  /** Lists the course's messages still to come (a replay of an old course lists none). */
  async function scheduleCourse(courseId: string, startDate: string, endDate: string, eventId: string) {
    const now = clock.now().getTime();
    for (const daysBefore of options.reminderDays) {
      const key = reminderDuty(courseId, daysBefore);
      if (now < Date.parse(startDate)) await duties.put(key, reminderDueAt(startDate, daysBefore).getTime(), { courseId, daysBefore, eventId });
      else await duties.remove(key);
    }
    const followUp = followUpDueAt(endDate).getTime();
    if (now <= followUp + FOLLOW_UP_LATEST_MS) await duties.put(followUpDuty(courseId), followUp, { courseId, daysBefore: null, eventId });
    else await duties.remove(followUpDuty(courseId));
  }

  async function forgetCourse(courseId: string) {
    for (const duty of await duties.where('courseId', courseId)) await duties.remove(duty.key);
  }

  /** Each booking holding a place on the course, asked on its own stream; a refusal (cancelled, moved, too late) sends nothing. */
  async function send(duty: CourseMessages, now: Date) {
    const { courseId, daysBefore } = duty;
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status !== 'scheduled') return;
    const { startDate, endDate } = course.state.details;
    for (const bookingId of Object.keys(course.state.reservations)) {
      const command: BookingCommand = daysBefore === null
        ? { type: 'SendFollowUp', bookingId, courseId, courseEndDate: endDate, now }
        : { type: 'SendReminder', bookingId, courseId, daysBefore, reminderDays: options.reminderDays, courseStartDate: startDate, now };
      try {
        await handleCommand(eventStore, streams.booking(bookingId), bookingDecider, command, { metadata: metadata(duty.eventId, now) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }

  return {
    name: 'reminder-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'CourseScheduled':
        case 'CourseDetailsChanged':
          // New dates move the course's messages with them (a booking already reminded is not reminded again).
          await scheduleCourse(event.data.courseId, event.data.startDate, event.data.endDate, event.id);
          return;
        case 'CourseCancelled':
          await forgetCourse(event.data.courseId);
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
          // A store did not answer: the duty stays, and is run again (what was sent is passed over).
          options.logger?.error(`reminder-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
