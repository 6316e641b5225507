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
  /** When it earns none: the course that earns the points of the year, less than a year before it. */
  previousCourse: CourseTaken | null;
  /**
   * The learner's other courses that earn points without this one and would earn none with it: those that start
   * less than a year after it (a course booked before one already held takes the points of the year). Soonest first.
   */
  coursesLosingPoints: CourseTaken[];
}

/**
 * Points come back by a course once a year, "date à date" (DOMAIN.md): they count from the day after a course's
 * last day, so the next course to earn points starts at the earliest on that day one year on.
 */
export function firstDayEarningPointsAfter(course: Pick<CourseTaken, 'endDate'>): CalendarDay {
  return addDays(addYears(parisCalendarDay(new Date(course.endDate)), 1), 1);
}

type Standing = { earnsPoints: true } | { earnsPoints: false; eligibleFrom: CalendarDay; previousCourse: CourseTaken };

const soonestFirst = (a: CourseTaken, b: CourseTaken) =>
  a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate) || a.courseId.localeCompare(b.courseId);

/**
 * Which of a learner's courses earn points, in the order they take place: the first one does; each next one does
 * when it starts at least a year (and a day) after the end of the last course that earned points. A course that
 * earned none does not open a new year: the year runs from the last points recovered (the law limits the recovery,
 * and a court-ordered course recovers nothing).
 */
export function pointsStandings(courses: readonly CourseTaken[]): Map<string, Standing> {
  const standings = new Map<string, Standing>();
  let lastEarning: CourseTaken | null = null;
  for (const course of [...courses].sort(soonestFirst)) {
    if (standings.has(course.courseId)) continue;
    const eligibleFrom = lastEarning ? firstDayEarningPointsAfter(lastEarning) : null;
    if (lastEarning && eligibleFrom && parisCalendarDay(new Date(course.startDate)) < eligibleFrom) {
      standings.set(course.courseId, { earnsPoints: false, eligibleFrom, previousCourse: lastEarning });
    } else {
      standings.set(course.courseId, { earnsPoints: true });
      lastEarning = course;
    }
  }
  return standings;
}

/**
 * Whether `course` earns points for a learner who took or booked `taken`, looking both ways: it earns none when it
 * starts less than a year after a course that earns points; and when it comes first, it takes the points of the year
 * from the courses less than a year after it (`coursesLosingPoints`). The same course never counts against itself.
 * A court may still order such a course, so this warns and never forbids.
 */
export function pointsEligibility(course: { courseId: string; startDate: string; endDate: string }, taken: readonly CourseTaken[]): PointsEligibility {
  const others = taken.filter((other) => other.courseId !== course.courseId);
  const without = pointsStandings(others);
  const withIt = pointsStandings([...others, { courseId: course.courseId, startDate: course.startDate, endDate: course.endDate }]);
  const coursesLosingPoints = others
    .filter((other) => without.get(other.courseId)?.earnsPoints && !withIt.get(other.courseId)?.earnsPoints)
    .sort(soonestFirst);
  const own = withIt.get(course.courseId)!;
  return own.earnsPoints
    ? { earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints }
    : { earnsPoints: false, eligibleFrom: own.eligibleFrom, previousCourse: own.previousCourse, coursesLosingPoints };
}
