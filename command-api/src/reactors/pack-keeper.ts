import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { PACK_REMINDER_DAYS, packReminderDueAt, packReminderStillDue, streams, type PackReminderDay, type RecordedDomainEvent } from '@recup/shared-events';
import { handleCommand } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { prefecturePackDecider } from '../courses/prefecture-pack-decider';
import { Duties, type DutyStore } from './duties';
import type { Logger, Reactor } from './reactor';

/** A duty that failed (a store did not answer) is tried again this much later. */
const RETRY_MS = 60_000;

type PackReminder = { courseId: string; day: PackReminderDay; eventId: string };
const dutyKey = (courseId: string, day: PackReminderDay) => `pack:${courseId}:${day}`;

/**
 * Reminds the centre that a course's pack for the prefecture is due (issue 20 §3): 10 days after the course and on
 * the 15th, its last day (09:00 Paris), unless the pack was marked sent. Each reminder is a durable duty of the
 * course (kept beside the reactor's checkpoint, rebuilt from the log on a replay), decided on the course's stream as
 * it stands (`RemindPrefecturePack`): sent already, pack sent, course cancelled or the reminder's time over sends
 * nothing. The fact, `CoursePrefecturePackReminderSent`, is in the course's history; the mail reactor mails on it.
 */
export function packKeeper(eventStore: EventStore, clock: Clock, options: { duties: DutyStore; logger?: Logger }): Reactor {
  const duties = new Duties<PackReminder>(options.duties, 'pack-keeper');
  const metadata = (causationId: string, now: Date) => ({ ...commandMetadata({ type: 'system', name: 'pack-keeper' }, now), causationId });

  async function forget(courseId: string) {
    for (const day of PACK_REMINDER_DAYS) await duties.remove(dutyKey(courseId, day));
  }

  return {
    name: 'pack-keeper',
    async handle(event: RecordedDomainEvent) {
      switch (event.type) {
        case 'CourseScheduled':
        case 'CourseDetailsChanged': {
          const { courseId, endDate } = event.data;
          const now = clock.now();
          for (const day of PACK_REMINDER_DAYS) {
            const dueAt = packReminderDueAt(endDate, day);
            // A reminder whose time is over (a replay of old courses) is not listed.
            if (now < dueAt || packReminderStillDue(endDate, day, now)) await duties.put(dutyKey(courseId, day), dueAt.getTime(), { courseId, day, eventId: event.id });
            else await duties.remove(dutyKey(courseId, day));
          }
          return;
        }
        case 'CourseCancelled':
        case 'CoursePrefecturePackSent':
          await forget(event.data.courseId);
          return;
        default:
          return;
      }
    },
    async sweep(now: Date) {
      for (const duty of await duties.due(now.getTime())) {
        try {
          await handleCommand(eventStore, streams.course(duty.data.courseId), prefecturePackDecider, {
            type: 'RemindPrefecturePack', courseId: duty.data.courseId, day: duty.data.day, now,
          }, { metadata: metadata(duty.data.eventId, now) });
          await duties.remove(duty.key);
        } catch (error) {
          options.logger?.error(`pack-keeper: ${duty.key} failed, tried again later`, error);
          await duties.reschedule(duty.key, now.getTime() + RETRY_MS);
        }
      }
    },
  };
}
