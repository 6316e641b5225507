import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { parisCalendarDay } from '@recup/shared-events/calendar/calendar-day';
import { isUpcoming } from './spots';

export type CourseShow = 'all' | 'upcoming' | 'past';
export type CourseSort = 'default' | 'dateAsc' | 'dateDesc' | 'title' | 'spotsLeft';
export const COURSE_SORTS: readonly CourseSort[] = ['default', 'dateAsc', 'dateDesc', 'title', 'spotsLeft'];

/** What the centre's course list shows, as the address keeps it. */
export interface CourseListView {
  show: CourseShow;
  /** Free text: title, city, postal code, address or ANTS number. */
  q: string;
  sort: CourseSort;
  /** `YYYY-MM` (Paris), or '' for every month. */
  month: string;
}

type Course = Pick<OrganizationCourseDto, 'title' | 'city' | 'postalCode' | 'address' | 'antsNumber' | 'startDate' | 'status' | 'spotsLeft'>;

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The Paris month a course starts in, `YYYY-MM`. */
const courseMonth = (course: Pick<Course, 'startDate'>) => parisCalendarDay(new Date(course.startDate)).slice(0, 7);

/** The months the centre's courses start in, soonest first: the month filter's choices. */
export function courseMonths(courses: readonly Pick<Course, 'startDate'>[]): string[] {
  return [...new Set(courses.map(courseMonth))].sort();
}

function matchesCourseSearch(course: Course, q: string): boolean {
  const words = fold(q).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([course.title, course.city, course.postalCode, course.address, course.antsNumber ?? ''].join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * The courses the list shows, in its order. By default, the upcoming ones soonest first, then the past ones
 * latest first; or by date, title (A to Z, in French order) or places left (fewest first).
 */
export function listCourses<C extends Course>(courses: readonly C[], view: CourseListView, now: Date): C[] {
  const shown = courses.filter((course) => {
    if (view.show === 'upcoming' && !isUpcoming(course, now)) return false;
    if (view.show === 'past' && isUpcoming(course, now)) return false;
    if (view.month && courseMonth(course) !== view.month) return false;
    return matchesCourseSearch(course, view.q);
  });
  const byDate = (a: C, b: C) => a.startDate.localeCompare(b.startDate);
  switch (view.sort) {
    case 'dateAsc':
      return shown.sort(byDate);
    case 'dateDesc':
      return shown.sort((a, b) => byDate(b, a));
    case 'title':
      return shown.sort((a, b) => a.title.localeCompare(b.title, 'fr') || byDate(a, b));
    case 'spotsLeft':
      return shown.sort((a, b) => a.spotsLeft - b.spotsLeft || byDate(a, b));
    default: {
      const upcoming = shown.filter((c) => isUpcoming(c, now)).sort(byDate);
      const past = shown.filter((c) => !isUpcoming(c, now)).sort((a, b) => byDate(b, a));
      return [...upcoming, ...past];
    }
  }
}

/**
 * Why a course can no longer be changed or deleted from the centre's screen: cancelled, under way or over
 * (the server refuses both once a course has started); null while it can.
 */
export function courseLock(course: Pick<Course, 'status' | 'startDate'>, now: Date): 'CANCELLED' | 'IN_PROGRESS' | 'COMPLETED' | null {
  if (course.status === 'CANCELLED' || course.status === 'COMPLETED' || course.status === 'IN_PROGRESS') return course.status;
  return Date.parse(course.startDate) <= now.getTime() ? 'IN_PROGRESS' : null;
}
