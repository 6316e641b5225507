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

/** How the results are ordered (the query API sorts them: the search is paged on the server). */
export const COURSE_SORTS = ['distance', 'date', 'price'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** Nearest first around a searched place, soonest first otherwise: what the API does when asked for no order. */
export function defaultSort(location: string): CourseSort {
  return location.trim() ? 'distance' : 'date';
}

/** One search of the course list: what the address says, what the filter panel shows and what the list applies. */
export type CourseSearch = {
  location: string;
  department: Department | undefined;
  filters: CourseFilters;
  /** Set only when it differs from the default order (`defaultSort`). */
  sort?: CourseSort;
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
  sort?: CourseSort;
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
  const location = params.get('location')?.trim() ?? '';
  return {
    location,
    department: toDepartment(params.get('department')),
    sort: sortFrom(params.get('sort'), location),
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
  const sort = sortFrom(search.sort ?? null, place);
  if (sort) params.set('sort', sort);
  return params;
}

/**
 * An order the list can apply, only when it is not the default one (so that an address names it only when chosen):
 * by distance only around a searched place.
 */
function sortFrom(text: string | null, location: string): CourseSort | undefined {
  const sort = COURSE_SORTS.find((candidate) => candidate === text);
  if (!sort || sort === defaultSort(location) || (sort === 'distance' && !location.trim())) return undefined;
  return sort;
}

/** The page of the results the address names (`page=2`); the first when it names none or one that cannot be. */
export function pageFromUrl(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** The same address on another page of results: the first page is the address without `page`. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/**
 * How many filters narrow the list (shown on the filter button and panel): the dates (as one), "weekend only", the
 * price and the department when set, the distance when a place is searched and it is not the default.
 */
export function activeFilterCount({ location, department, filters }: CourseSearch): number {
  return [
    Boolean(filters.startDate || filters.endDate),
    filters.weekend,
    filters.maxPrice !== PRICE_RANGE.default,
    Boolean(location.trim()) && filters.maxDistance !== DISTANCE_RANGE.default,
    Boolean(department),
  ].filter(Boolean).length;
}

/**
 * Where "Back to courses" leads from a course page: the search the learner came from (text, filters, order, page),
 * which the list's links hand over in the navigation's state; the bare list when they came from elsewhere.
 */
export function backToSearch(state: unknown): string {
  const from = (state as { fromSearch?: unknown } | null)?.fromSearch;
  return typeof from === 'string' && /^\/courses(\?[^#]*)?$/u.test(from) ? from : '/courses';
}

/** What the list asks the API for: every filter the panel shows; the distance only around a searched place. */
export function toSearchParams({ location, department, filters, sort }: CourseSearch): CourseSearchParams {
  const params: CourseSearchParams = {};
  const place = location.trim();
  if (place) params.location = place;
  if (department) params.department = department;
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  if (filters.weekend) params.weekend = true;
  params.maxPrice = filters.maxPrice;
  if (place) params.maxDistance = filters.maxDistance;
  const order = sortFrom(sort ?? null, place);
  if (order) params.sort = order;
  return params;
}

/** The server already hides past courses; a list cached since yesterday must not show today's past ones either. */
export function isUpcoming(course: { startDate: string }, now: Date): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(course.startDate).getTime() >= startOfToday.getTime();
}
