import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, isUpcoming, searchFromUrl, toSearchParams, urlFromSearch, type CourseSearch } from './search-params';

const today = '2030-05-10';
const read = (query: string) => searchFromUrl(new URLSearchParams(query), today);

describe('the search an address describes', () => {
  it('has the default filters (300 €, 50 km) when the address names none, and the list applies them', () => {
    const search = read('?location=%20Toulon%20');
    expect(search).toEqual({ location: 'Toulon', department: undefined, filters: DEFAULT_FILTERS });
    expect(toSearchParams(search)).toEqual({ location: 'Toulon', maxPrice: 300, maxDistance: 50 });
  });

  it('reads every filter of the address', () => {
    const search = read('?location=Nice&department=06&startDate=2030-05-20&endDate=2030-06-30&weekend=true&maxPrice=250&maxDistance=30');
    expect(search).toEqual({
      location: 'Nice',
      department: '06',
      filters: { startDate: '2030-05-20', endDate: '2030-06-30', weekend: true, maxPrice: 250, maxDistance: 30 },
    });
    expect(toSearchParams(search)).toEqual({ location: 'Nice', department: '06', startDate: '2030-05-20', endDate: '2030-06-30', weekend: true, maxPrice: 250, maxDistance: 30 });
  });

  it('reads a value the panel cannot show as the nearest one it can, and a date it cannot show as none', () => {
    expect(read('?maxPrice=1000&maxDistance=-4').filters).toMatchObject({ maxPrice: 500, maxDistance: 0 });
    expect(read('?maxPrice=254').filters.maxPrice).toBe(250);
    expect(read('?maxPrice=cheap&maxDistance=').filters).toMatchObject({ maxPrice: 300, maxDistance: 50 });
    expect(read('?startDate=2030-02-31&endDate=20/05/2030').filters).toMatchObject({ startDate: null, endDate: null });
    // Before today (a bookmarked address), or an end before the start: not what the pickers could show.
    expect(read('?startDate=2030-05-09').filters.startDate).toBeNull();
    expect(read('?startDate=2030-05-20&endDate=2030-05-15').filters).toMatchObject({ startDate: '2030-05-20', endDate: null });
    expect(read('?department=75&weekend=yes')).toMatchObject({ department: undefined, filters: { weekend: false } });
  });

  it('sends the distance only around a searched place', () => {
    expect(toSearchParams(read('?department=06'))).toEqual({ department: '06', maxPrice: 300 });
  });
});

describe('the address of a search', () => {
  it('names the place and department, then only the filters that differ from their defaults', () => {
    expect(urlFromSearch({ location: ' Toulon ', department: '83', filters: DEFAULT_FILTERS }).toString()).toBe('location=Toulon&department=83');
    expect(urlFromSearch({ location: '', department: undefined, filters: DEFAULT_FILTERS }).toString()).toBe('');
  });

  it('reads back as the same search, so that a reload shows and applies the same filters', () => {
    const search: CourseSearch = {
      location: 'Nice',
      department: '06',
      filters: { startDate: '2030-05-20', endDate: null, weekend: true, maxPrice: 180, maxDistance: 25 },
    };
    const url = urlFromSearch(search);
    expect(url.toString()).toBe('location=Nice&department=06&startDate=2030-05-20&weekend=true&maxPrice=180&maxDistance=25');
    expect(searchFromUrl(url, today)).toEqual(search);
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
