import { toDepartment, type Department } from './departments';

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

/** One search of the course list: what the address says, what the filter panel shows and what the list applies. */
export type CourseSearch = {
  location: string;
  department: Department | undefined;
  filters: CourseFilters;
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

type Range = { min: number; max: number; step: number; default: number };

/** A number of the address as the slider can show it: within the range, on a step; the default otherwise. */
function onRange(text: string | null, range: Range): number {
  if (text === null || text.trim() === '') return range.default;
  const value = Number(text);
  if (!Number.isFinite(value)) return range.default;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  return range.min + Math.round((clamped - range.min) / range.step) * range.step;
}

function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(text);
}

/** A day of the address that the date pickers can show: a real day, not before today. */
function dayFrom(text: string | null, today: string): string | null {
  return text !== null && isCalendarDay(text) && text >= today ? text : null;
}

/**
 * The search the address describes: the address is the one source of truth of the list page, so the panel shows
 * and the list applies the same filters on first load, after Back and after a reload. A filter absent from the
 * address has its default value (300 €, 50 km: specification §9); a value the panel could not show is read as
 * the nearest one it can (a price past 500 € as 500 €) or, for a date, as none.
 */
export function searchFromUrl(params: URLSearchParams, today: string): CourseSearch {
  const startDate = dayFrom(params.get('startDate'), today);
  const endDate = dayFrom(params.get('endDate'), startDate ?? today);
  return {
    location: params.get('location')?.trim() ?? '',
    department: toDepartment(params.get('department')),
    filters: {
      startDate,
      endDate,
      weekend: params.get('weekend') === 'true',
      maxPrice: onRange(params.get('maxPrice'), PRICE_RANGE),
      maxDistance: onRange(params.get('maxDistance'), DISTANCE_RANGE),
    },
  };
}

/** The address of a search: the place and department as the specification names them, then each filter that differs from its default. */
export function urlFromSearch(search: CourseSearch): URLSearchParams {
  const params = new URLSearchParams();
  const place = search.location.trim();
  if (place) params.set('location', place);
  if (search.department) params.set('department', search.department);
  const { filters } = search;
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.weekend) params.set('weekend', 'true');
  if (filters.maxPrice !== PRICE_RANGE.default) params.set('maxPrice', String(filters.maxPrice));
  if (filters.maxDistance !== DISTANCE_RANGE.default) params.set('maxDistance', String(filters.maxDistance));
  return params;
}

/** What the list asks the API for: every filter the panel shows; the distance only around a searched place. */
export function toSearchParams({ location, department, filters }: CourseSearch): CourseSearchParams {
  const params: CourseSearchParams = {};
  const place = location.trim();
  if (place) params.location = place;
  if (department) params.department = department;
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  if (filters.weekend) params.weekend = true;
  params.maxPrice = filters.maxPrice;
  if (place) params.maxDistance = filters.maxDistance;
  return params;
}

/** The server already hides past courses; a list cached since yesterday must not show today's past ones either. */
export function isUpcoming(course: { startDate: string }, now: Date): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(course.startDate).getTime() >= startOfToday.getTime();
}
