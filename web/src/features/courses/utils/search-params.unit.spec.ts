import { describe, expect, it } from 'vitest';
import { appliedFiltersOf, DEFAULT_FILTERS, isUpcoming, toSearchParams, withAppliedFilters } from './search-params';

describe('search parameters', () => {
  it('sends only the location and department until filters are applied', () => {
    expect(toSearchParams(' Toulon ', '83', null)).toEqual({ location: 'Toulon', department: '83' });
    expect(toSearchParams('', undefined, null)).toEqual({});
  });

  it('sends the applied filters, with the price in euros', () => {
    const applied = { startDate: '2030-05-01', endDate: '2030-05-31', weekend: true, maxPrice: 250, maxDistance: 30 };
    expect(toSearchParams('Nice', undefined, applied)).toEqual({
      location: 'Nice',
      startDate: '2030-05-01',
      endDate: '2030-05-31',
      weekend: true,
      maxPrice: 250,
      maxDistance: 30,
    });
  });

  it('sends the distance only around a searched place', () => {
    expect(toSearchParams('', '06', DEFAULT_FILTERS)).toEqual({ department: '06', maxPrice: 300 });
  });

  it('leaves out an unticked weekend switch and empty dates', () => {
    expect(toSearchParams('Toulon', undefined, DEFAULT_FILTERS)).toEqual({ location: 'Toulon', maxPrice: 300, maxDistance: 50 });
  });
});

describe('courses shown', () => {
  const now = new Date(2030, 4, 10, 15, 0);

  it('keeps a course starting later today or after', () => {
    expect(isUpcoming({ startDate: new Date(2030, 4, 10, 8, 0).toISOString() }, now)).toBe(true);
    expect(isUpcoming({ startDate: new Date(2030, 4, 11, 8, 0).toISOString() }, now)).toBe(true);
  });

  it('hides a course that started before today', () => {
    expect(isUpcoming({ startDate: new Date(2030, 4, 9, 8, 0).toISOString() }, now)).toBe(false);
  });
});

describe('applied filters kept in the history entry', () => {
  const applied = { startDate: '2030-05-01', endDate: null, weekend: true, maxPrice: 250, maxDistance: 30 };

  it('reads back what was kept', () => {
    expect(appliedFiltersOf(withAppliedFilters(applied))).toEqual(applied);
    expect(appliedFiltersOf(withAppliedFilters(DEFAULT_FILTERS))).toEqual(DEFAULT_FILTERS);
  });

  it('means no filter when the entry has no state, or a state that is not ours', () => {
    expect(appliedFiltersOf(null)).toBeNull();
    expect(appliedFiltersOf(undefined)).toBeNull();
    expect(appliedFiltersOf({ from: '/dashboard' })).toBeNull();
    expect(appliedFiltersOf({ appliedFilters: 'weekend' })).toBeNull();
  });

  it('ignores values the sliders and pickers cannot give', () => {
    expect(appliedFiltersOf({ appliedFilters: { ...applied, maxPrice: 505 } })).toBeNull();
    expect(appliedFiltersOf({ appliedFilters: { ...applied, maxPrice: 255 } })).toBeNull();
    expect(appliedFiltersOf({ appliedFilters: { ...applied, maxDistance: 120 } })).toBeNull();
    expect(appliedFiltersOf({ appliedFilters: { ...applied, startDate: '01/05/2030' } })).toBeNull();
    expect(appliedFiltersOf({ appliedFilters: { ...applied, weekend: 'yes' } })).toBeNull();
  });
});
