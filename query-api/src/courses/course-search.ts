import { gazetteer, haversineKm } from '@recup/infra/geo/gazetteer';
import { normalizePlaceName } from '@recup/infra/geo/normalize';
import type { Filter, ReadStore } from '@recup/infra/read-store/port';
import { nextParisDay, parisDayStart, startOfParisToday } from '@recup/infra/time/paris';
import { coversSaturday } from '@recup/shared-events/calendar/course-days';
import { COURSES_COLLECTION, PUBLISHED_COURSES, type CourseDocument } from '@recup/projector/courses/course-document';
import type { CourseSearchQuery } from '../contracts';
import { sellingOrganizationIds } from '../organization-names';
import type { z } from 'zod';

type Query = z.output<typeof CourseSearchQuery>;

/** A course found, with its distance in kilometres (one decimal) from the searched commune, if any. */
interface CourseHit {
  course: CourseDocument;
  distanceKm: number | null;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const roundKm = (km: number) => Math.round(km * 10) / 10;

/**
 * The public search: upcoming, not cancelled courses of verified centres (a course starting before the start
 * of today, in Paris, is hidden), narrowed by every parameter given; `weekend` keeps the courses with a Saturday.
 *
 * When `location` names a commune or a postal code of the six departments, each course comes with its
 * distance from that commune, and `maxDistance` (km) keeps only the courses that close; without
 * `maxDistance` every course is kept. Any other `location` is matched as text on the city, title and postal
 * code, without distances.
 *
 * `sort` orders them: `distance` nearest first (a course of an unknown place last), `date` soonest first,
 * `price` cheapest first; ties go to the soonest, then to the id, so that pages never overlap. Without `sort`,
 * nearest first when there are distances, soonest first otherwise; `distance` without distances is by date.
 */
export async function searchCourses(readStore: ReadStore, query: Query, now: Date): Promise<CourseHit[]> {
  const startBounds: Record<string, string> = { $gte: startOfParisToday(now).toISOString() };
  if (query.startDate) {
    const from = parisDayStart(query.startDate).toISOString();
    if (from > startBounds.$gte!) startBounds.$gte = from;
  }
  if (query.endDate) startBounds.$lt = parisDayStart(nextParisDay(query.endDate)).toISOString();

  // Only the courses of verified centres are public; the organizationId index narrows to theirs.
  const filter: Filter = { ...PUBLISHED_COURSES, cancelled: false, startDate: startBounds, organizationId: { $in: await sellingOrganizationIds(readStore) } };
  if (query.department) filter.department = query.department;
  if (query.maxPrice !== undefined) filter.price = { $lte: Math.round(query.maxPrice * 100) };

  const origin = query.location ? gazetteer().resolve(query.location) : null;
  if (origin && query.maxDistance !== undefined) {
    // Courses sit at the centre of their commune: the communes within reach are the only candidates, and
    // the read store narrows to them by its index before testing the rest of the filter.
    filter['location.communeCode'] = { $in: gazetteer().within(origin, query.maxDistance).map((c) => c.code) };
  } else if (query.location && !origin) {
    const place = normalizePlaceName(query.location);
    if (/^\d{5}$/.test(place)) filter.postalCode = place;
    else if (place) filter.searchText = { $regex: `(^| )${escapeRegex(place)}` };
  }

  const found = await readStore.collection<CourseDocument>(COURSES_COLLECTION).find(filter, { sort: { startDate: 1, _id: 1 } });
  // "Weekend only" keeps the courses with a Saturday among their days (ARCHITECTURE.md): courses never run on
  // Sundays, so a weekend course runs Friday–Saturday; a Sunday–Monday one is no weekend course.
  const courses = query.weekend ? found.filter((course) => coversSaturday(course.startDate, course.endDate)) : found;
  const hits = courses.map((course) => ({ course, distanceKm: origin && course.location ? roundKm(haversineKm(origin, course.location)) : null }));
  const sort = query.sort ?? (origin ? 'distance' : 'date');
  // The store gave them soonest first (then by id): a stable sort keeps that order between equals.
  if (sort === 'price') return hits.sort((a, b) => a.course.price - b.course.price);
  if (sort === 'distance' && origin) return byDistance(hits);
  return hits;
}

/** Nearest first (a course of an unknown place last); at the same distance, soonest first, as the store sorted them. */
function byDistance(hits: CourseHit[]): CourseHit[] {
  const far = (km: number | null) => km ?? Number.MAX_VALUE;
  return hits.sort((a, b) => far(a.distanceKm) - far(b.distanceKm));
}
