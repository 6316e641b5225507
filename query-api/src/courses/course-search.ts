import { normalizePlaceName } from '@recup/infra/geo/normalize';
import type { Filter, ReadStore } from '@recup/infra/read-store/port';
import { nextParisDay, parisDayStart, startOfParisToday } from '@recup/infra/time/paris';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import type { CourseSearchQuery } from '../contracts';
import type { z } from 'zod';

type Query = z.output<typeof CourseSearchQuery>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The public search: upcoming, not cancelled courses (a course starting before the start of today, in
 * Paris, is hidden), narrowed by every parameter given, soonest first.
 */
export async function searchCourses(readStore: ReadStore, query: Query, now: Date): Promise<CourseDocument[]> {
  const startBounds: Record<string, string> = { $gte: startOfParisToday(now).toISOString() };
  if (query.startDate) {
    const from = parisDayStart(query.startDate).toISOString();
    if (from > startBounds.$gte!) startBounds.$gte = from;
  }
  if (query.endDate) startBounds.$lt = parisDayStart(nextParisDay(query.endDate)).toISOString();

  const filter: Filter = { cancelled: false, startDate: startBounds };
  if (query.department) filter.department = query.department;
  if (query.weekend) filter.startWeekday = { $in: [0, 6] };
  if (query.maxPrice !== undefined) filter.price = { $lte: Math.round(query.maxPrice * 100) };
  if (query.location) {
    const place = normalizePlaceName(query.location);
    if (/^\d{5}$/.test(place)) filter.postalCode = place;
    else if (place) filter.searchText = { $regex: `(^| )${escapeRegex(place)}` };
  }
  return readStore.collection<CourseDocument>(COURSES_COLLECTION).find(filter, { sort: { startDate: 1, _id: 1 } });
}
