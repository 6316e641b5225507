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

type Range = { min: number; max: number; step: number };

function isOnRange(value: unknown, range: Range): value is number {
  return typeof value === 'number' && value >= range.min && value <= range.max && (value - range.min) % range.step === 0;
}

function isDayOrNull(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(value));
}

/** The history entry's state holding the applied filters. */
export function withAppliedFilters(filters: CourseFilters): { appliedFilters: CourseFilters } {
  return { appliedFilters: filters };
}

/** The applied filters kept in a history entry, or `null` when there are none (or the state is not ours). */
export function appliedFiltersOf(state: unknown): CourseFilters | null {
  if (typeof state !== 'object' || state === null || !('appliedFilters' in state)) return null;
  const filters: unknown = state.appliedFilters;
  if (typeof filters !== 'object' || filters === null) return null;
  const { startDate, endDate, weekend, maxPrice, maxDistance } = filters as Record<string, unknown>;
  if (!isDayOrNull(startDate) || !isDayOrNull(endDate) || typeof weekend !== 'boolean') return null;
  if (!isOnRange(maxPrice, PRICE_RANGE) || !isOnRange(maxDistance, DISTANCE_RANGE)) return null;
  return { startDate, endDate, weekend, maxPrice, maxDistance };
}

/** The server already hides past courses; a list cached since yesterday must not show today's past ones either. */
export function isUpcoming(course: { startDate: string }, now: Date): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(course.startDate).getTime() >= startOfToday.getTime();
}
