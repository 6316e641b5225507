import type { OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { formatCourseDay, formatTime } from '../../../lib/format';
import type { Language } from '../../../lib/language';

/**
 * A course as the bookings' course selector names it: its title, day (with its weekday) and start time, and its
 * prefecture (ANTS) number when it has one, so that three courses "Toulon — mer. 16/12/2026" can be told apart.
 */
export function courseOptionLabel(course: Pick<OrganizationCourseDto, 'title' | 'startDate' | 'antsNumber'>, language: Language, antsLabel: string): string {
  const when = `${formatCourseDay(course.startDate, language)} ${formatTime(course.startDate, language)}`;
  return course.antsNumber ? `${course.title} — ${when} · ${antsLabel} ${course.antsNumber}` : `${course.title} — ${when}`;
}
