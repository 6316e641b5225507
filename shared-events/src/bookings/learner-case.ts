import { z } from 'zod';
import { parisCalendarDay, type CalendarDay } from '../calendar/calendar-day';
import { IsoDay } from '../primitives';

/**
 * Why a learner takes the course: the four cases of the law, which the centre records for each trainee
 * (DOMAIN.md, "Points and eligibility"). Centres number them "cas 1" to "cas 4", in this order.
 * - VOLUNTARY: the learner's own choice, to recover points;
 * - PROBATION_48N: mandatory for a probationary driver who received the registered letter "48N": within four
 *   months of receiving it, and then the fine paid is refunded;
 * - COURT_ORDER: ordered by a court or a prosecutor, as an alternative to prosecution or an additional penalty;
 * - PENAL_SETTLEMENT: a composition pénale.
 * Cases 3 and 4 give no points back.
 */
export const LearnerCase = z.enum(['VOLUNTARY', 'PROBATION_48N', 'COURT_ORDER', 'PENAL_SETTLEMENT']);
export type LearnerCase = z.infer<typeof LearnerCase>;

export const LEARNER_CASES = LearnerCase.options;

/** "Cas 1" … "Cas 4": how centres and the prefecture number the cases. */
export function learnerCaseNumber(learnerCase: LearnerCase): 1 | 2 | 3 | 4 {
  return (LEARNER_CASES.indexOf(learnerCase) + 1) as 1 | 2 | 3 | 4;
}

/**
 * A booking's declared case, as every read model and view of a booking carries it (null there: not declared yet).
 * `letterReceivedOn`: the Paris day the 48N letter was received, for PROBATION_48N only.
 */
export const LearnerCaseRecord = z.object({ case: LearnerCase, letterReceivedOn: IsoDay.nullable() });
export type LearnerCaseRecord = z.infer<typeof LearnerCaseRecord>;

/** Whether a course taken in this case gives points back at all (the law: not cases 3 and 4, whatever the date). */
export function givesPointsBack(learnerCase: LearnerCase): boolean {
  return learnerCase === 'VOLUNTARY' || learnerCase === 'PROBATION_48N';
}

/** The 48N letter gives this many months to complete the course. */
export const PROBATION_MONTHS = 4;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The same day `count` months later, as French law counts a time limit in months (Code de procédure civile,
 * art. 641): on the day of the last month that bears the same number, or, when that month has no such day, on its
 * last day (31 October + 4 months = 28 February, or the 29th in a leap year).
 */
export function addMonths(day: CalendarDay, count: number): CalendarDay {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const lastOfMonth = new Date(Date.UTC(year, month - 1 + count + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + count, Math.min(date, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * The last day on which the course may end for a learner who received the 48N letter on `letterReceivedOn`
 * (a Paris calendar day): four months later, that day included.
 */
export function probationDeadline(letterReceivedOn: CalendarDay): CalendarDay {
  return addMonths(letterReceivedOn, PROBATION_MONTHS);
}

/**
 * Whether a course ending at `courseEndDate` (an instant, or a Paris day) ends within the four months of a 48N
 * letter received on `letterReceivedOn`: only then is the fine refunded. The course's last day counts, in Paris.
 */
export function endsInTime(letterReceivedOn: CalendarDay, courseEndDate: string | Date): boolean {
  const lastDay = typeof courseEndDate === 'string' && DAY.test(courseEndDate) ? courseEndDate : parisCalendarDay(new Date(courseEndDate));
  return lastDay <= probationDeadline(letterReceivedOn);
}

/** What a learner is told before paying about a 48N course: the deadline, and whether this course ends in time. */
export interface ProbationCheck {
  deadline: CalendarDay;
  endsInTime: boolean;
}

export function probationCheck(letterReceivedOn: CalendarDay, courseEndDate: string | Date): ProbationCheck {
  return { deadline: probationDeadline(letterReceivedOn), endsInTime: endsInTime(letterReceivedOn, courseEndDate) };
}

/**
 * What is wrong with a declared case's letter date, or null when nothing is: the date of the 48N letter is
 * required exactly for PROBATION_48N, and cannot be after `today` (a Paris day). An old letter is no error: the
 * course is then late for the fine's refund, which the learner is warned of (the law's only consequence here).
 */
export type LetterDateProblem = 'REQUIRED' | 'NOT_EXPECTED' | 'IN_FUTURE';

export function letterDateProblem(learnerCase: LearnerCase | null, letterReceivedOn: CalendarDay | null, today: CalendarDay): LetterDateProblem | null {
  if (learnerCase === 'PROBATION_48N') {
    if (!letterReceivedOn) return 'REQUIRED';
    return letterReceivedOn > today ? 'IN_FUTURE' : null;
  }
  return letterReceivedOn ? 'NOT_EXPECTED' : null;
}
