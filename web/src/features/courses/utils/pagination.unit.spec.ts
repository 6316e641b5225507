import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, pageSlice } from './pagination';

describe('page buttons', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first two, the last two and the current page with its neighbours, with ellipses between', () => {
    expect(pageItems(6, 12)).toEqual([1, 2, null, 5, 6, 7, null, 11, 12]);
  });

  it('puts a single ellipsis when the current page is at the start', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, null, 9, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, null, 9, 10]);
  });

  it('puts a single ellipsis when the current page is at the end', () => {
    expect(pageItems(10, 10)).toEqual([1, 2, null, 9, 10]);
    expect(pageItems(8, 10)).toEqual([1, 2, null, 7, 8, 9, 10]);
  });

  it('joins the first pages and the neighbours without an ellipsis when nothing lies between', () => {
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, null, 7, 8]);
    expect(pageItems(5, 8)).toEqual([1, 2, null, 4, 5, 6, 7, 8]);
  });

  it('marks even a single skipped page with an ellipsis', () => {
    expect(pageItems(5, 10)).toEqual([1, 2, null, 4, 5, 6, null, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(40, 6)).toEqual([1, 2, null, 5, 6]);
    expect(pageItems(0, 6)).toEqual([1, 2, null, 5, 6]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('pages of 12 results', () => {
  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });

  it('slices the results of a page', () => {
    const items = Array.from({ length: 30 }, (_, index) => index + 1);
    expect(pageSlice(items, 1)).toEqual(items.slice(0, 12));
    expect(pageSlice(items, 3)).toEqual([25, 26, 27, 28, 29, 30]);
  });
});
