/**
 * The waiting list's rules of time, shared by the command side (which makes offers), the read side (which shows
 * the places an offer holds) and the web (which explains them).
 *
 * When a place frees on a full course, the first learner in line is offered it: the place is held for them for
 * `WAITLIST_OFFER_HOURS`, and never past 48 hours before the course starts (a learner needs that time to arrange
 * two days off; a centre, to know who comes). An offer that could not last at least an hour is not made: from
 * 49 hours before the start the waiting list closes, and a place that frees then goes back on sale to everyone,
 * the learners still waiting included.
 */
export const OFFERS_END_BEFORE_START_HOURS = 48;
/** The shortest offer worth making: less than this before offers end, none is made. */
export const SHORTEST_OFFER_MINUTES = 60;
export const DEFAULT_WAITLIST_OFFER_HOURS = 24;

const HOUR = 3_600_000;

/** The last moment an offer may last to: 48 hours before the course starts. */
export function offersEndAt(courseStartDate: string): Date {
  return new Date(Date.parse(courseStartDate) - OFFERS_END_BEFORE_START_HOURS * HOUR);
}

/** Whether places may still be offered (and learners join the list): an offer made now would last at least an hour. */
export function waitingListOpen(now: Date, courseStartDate: string): boolean {
  return offersEndAt(courseStartDate).getTime() - now.getTime() >= SHORTEST_OFFER_MINUTES * 60_000;
}

/** When an offer made now ends: `offerHours` from now, cut to 48 hours before the start; null when none may be made. */
export function offerEnd(now: Date, courseStartDate: string, offerHours: number): Date | null {
  if (!waitingListOpen(now, courseStartDate)) return null;
  return new Date(Math.min(now.getTime() + offerHours * HOUR, offersEndAt(courseStartDate).getTime()));
}
