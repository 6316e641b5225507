import { parisDay } from '@recup/shared-events/calendar/paris';
import { formatLongDate, formatTime } from './format';
import type { Language } from './language';

/**
 * Until when an unpaid booking holds its spot, in the words of the screens (Paris time): the hour alone when it
 * ends today, the day too when it ends another day (a booking made just before midnight); `elapsed` once past.
 */
export function holdDeadline(holdExpiresAt: string, now: Date, language: Language): { time: string; date: string | null; elapsed: boolean } {
  const end = new Date(holdExpiresAt);
  return {
    time: formatTime(holdExpiresAt, language),
    date: parisDay(end) === parisDay(now) ? null : formatLongDate(holdExpiresAt, language),
    elapsed: end.getTime() <= now.getTime(),
  };
}
