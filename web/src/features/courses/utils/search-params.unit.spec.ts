import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, isUpcoming, toSearchParams } from './search-params';

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
