import { addDays, addYears, parisCalendarDay, type CalendarDay } from '../calendar/calendar-day';

/** A course the learner took or holds a place on (a CONFIRMED or COMPLETED booking): start and end instants. */
export interface CourseTaken {
  courseId: string;
  startDate: string;
  endDate: string;
}

export interface PointsEligibility {
  /** Whether this course is expected to give points back, as far as our own records tell. */
  earnsPoints: boolean;
  /** When it earns none: the first day from which a course starting that day earns points again (Paris). */
  eligibleFrom: CalendarDay | null;
  /** When it earns none: the course that comes less than a year before it. */
  previousCourse: CourseTaken | null;
}

/**
 * Points come back by a course once a year, "date à date" (DOMAIN.md): they count from the day after a course's
 * last day, so the next course to earn points starts at the earliest on that day one year on.
 */
export function firstDayEarningPointsAfter(course: Pick<CourseTaken, 'endDate'>): CalendarDay {
  return addDays(addYears(parisCalendarDay(new Date(course.endDate)), 1), 1);
}

/**
 * Whether a course starting at `course.startDate` earns points for a learner who took or booked `taken`: it
 * earns none when it starts less than a year after the end of one of them. Only the courses that ended before
 * it starts count; the same course never counts against itself. A court may still order such a course, so this
 * warns and never forbids.
 */
export function pointsEligibility(course: { courseId?: string; startDate: string }, taken: readonly CourseTaken[]): PointsEligibility {
  const startDay = parisCalendarDay(new Date(course.startDate));
  const before = taken.filter((other) => other.courseId !== course.courseId && parisCalendarDay(new Date(other.endDate)) < startDay);
  const latest = before.reduce<CourseTaken | null>((last, other) => (!last || other.endDate > last.endDate ? other : last), null);
  if (!latest) return { earnsPoints: true, eligibleFrom: null, previousCourse: null };
  const eligibleFrom = firstDayEarningPointsAfter(latest);
  return startDay >= eligibleFrom
    ? { earnsPoints: true, eligibleFrom: null, previousCourse: null }
    : { earnsPoints: false, eligibleFrom, previousCourse: latest };
}
