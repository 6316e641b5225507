import { describe, expect, it } from 'vitest';
import { activeFilterCount, backToSearch, DEFAULT_FILTERS, isUpcoming, pageFromUrl, searchFromUrl, toSearchParams, urlFromSearch, withPage, type CourseSearch } from './search-params';

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

describe('the order of the results', () => {
  it('is in the address only when chosen: nearest first around a place, soonest first otherwise, by default', () => {
    expect(read('?location=Toulon').sort).toBeUndefined();
    expect(read('?location=Toulon&sort=distance').sort).toBeUndefined();
    expect(read('?sort=date').sort).toBeUndefined();
    expect(read('?location=Toulon&sort=date').sort).toBe('date');
    expect(read('?sort=price').sort).toBe('price');
    expect(toSearchParams(read('?location=Toulon&sort=price'))).toMatchObject({ location: 'Toulon', sort: 'price' });
  });

  it('is never by distance without a place, nor anything the API does not know', () => {
    expect(read('?sort=distance').sort).toBeUndefined();
    expect(read('?sort=rating').sort).toBeUndefined();
    expect(urlFromSearch({ location: '', department: undefined, filters: DEFAULT_FILTERS, sort: 'distance' }).toString()).toBe('');
  });

  it('reads back from its address', () => {
    const search: CourseSearch = { location: 'Nice', department: undefined, filters: DEFAULT_FILTERS, sort: 'price' };
    expect(urlFromSearch(search).toString()).toBe('location=Nice&sort=price');
    expect(searchFromUrl(urlFromSearch(search), today)).toEqual(search);
  });
});

describe('the page of the results', () => {
  it('is in the address from the second one on', () => {
    expect(pageFromUrl(new URLSearchParams('location=Nice&page=2'))).toBe(2);
    expect(withPage(new URLSearchParams('location=Nice'), 3).toString()).toBe('location=Nice&page=3');
    expect(withPage(new URLSearchParams('location=Nice&page=3'), 1).toString()).toBe('location=Nice');
  });

  it('is the first when the address names none that can be', () => {
    for (const page of ['', 'page=0', 'page=-2', 'page=1.5', 'page=two']) expect(pageFromUrl(new URLSearchParams(page)), page).toBe(1);
  });

  it('is not part of the search: a new search starts on the first page', () => {
    expect(urlFromSearch(read('?location=Nice&page=4')).toString()).toBe('location=Nice');
  });
});

describe('the count of active filters', () => {
  it('counts the dates as one, and each other filter that narrows the list', () => {
    expect(activeFilterCount(read(''))).toBe(0);
    expect(activeFilterCount(read('?location=Toulon'))).toBe(0);
    expect(activeFilterCount(read('?startDate=2030-05-20&endDate=2030-06-01'))).toBe(1);
    expect(activeFilterCount(read('?location=Nice&department=06&startDate=2030-05-20&weekend=true&maxPrice=250&maxDistance=30'))).toBe(5);
  });

  it('counts the distance only around a searched place', () => {
    expect(activeFilterCount(read('?maxDistance=30'))).toBe(0);
    expect(activeFilterCount(read('?location=Nice&maxDistance=30'))).toBe(1);
  });
});

describe('the way back from a course', () => {
  it('leads to the search the learner came from', () => {
    expect(backToSearch({ fromSearch: '/courses?location=Nice&page=2' })).toBe('/courses?location=Nice&page=2');
    expect(backToSearch({ fromSearch: '/courses' })).toBe('/courses');
  });

  it('leads to the bare list from anywhere else, and never off the list', () => {
    expect(backToSearch(null)).toBe('/courses');
    expect(backToSearch({ fromSearch: '//evil.example/courses' })).toBe('/courses');
    expect(backToSearch({ fromSearch: '/admin' })).toBe('/courses');
    expect(backToSearch({ fromSearch: 42 })).toBe('/courses');
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
