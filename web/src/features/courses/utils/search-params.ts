import type { Department } from './departments';

export type CourseFilters = {
  /** YYYY-MM-DD */
  startDate: string | null;
  /** YYYY-MM-DD */
  endDate: string | null;
  weekend: boolean;
  /** Euros, as on the slider. */
  maxPrice: number;
  /** Kilometres. */
  maxDistance: number;
};

export const PRICE_RANGE = { min: 0, max: 500, step: 10, default: 300 } as const;
export const DISTANCE_RANGE = { min: 0, max: 100, step: 5, default: 50 } as const;

export const DEFAULT_FILTERS: CourseFilters = {
  startDate: null,
  endDate: null,
  weekend: false,
  maxPrice: PRICE_RANGE.default,
  maxDistance: DISTANCE_RANGE.default,
};

/** What `GET /api/courses/search` receives (every field optional). */
export type CourseSearchParams = {
  location?: string;
  department?: Department;
  startDate?: string;
  endDate?: string;
  weekend?: boolean;
  maxPrice?: number;
  maxDistance?: number;
};

/**
 * Filters reach the API only once applied; the distance means something only around a searched place.
 */
export function toSearchParams(location: string, department: Department | undefined, applied: CourseFilters | null): CourseSearchParams {
  const params: CourseSearchParams = {};
  const place = location.trim();
  if (place) params.location = place;
  if (department) params.department = department;
  if (!applied) return params;
  if (applied.startDate) params.startDate = applied.startDate;
  if (applied.endDate) params.endDate = applied.endDate;
  if (applied.weekend) params.weekend = true;
  params.maxPrice = applied.maxPrice;
  if (place) params.maxDistance = applied.maxDistance;
  return params;
}

/** The server already hides past courses; a list cached since yesterday must not show today's past ones either. */
export function isUpcoming(course: { startDate: string }, now: Date): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(course.startDate).getTime() >= startOfToday.getTime();
}
