import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../../testing/locale-tree';
import { annualReportEn } from './locales/en';
import { annualReportFr } from './locales/fr';

const french = leaves(annualReportFr);
const english = leaves(annualReportEn);

describe('the annual report’s texts (the centre’s and the administrators’)', () => {
  it('have in English every French key, and nothing more', () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it('have no empty text in either language', () => {
    expect([...french, ...english].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    expect([...french.keys()].filter((key) => placeholders(french.get(key)).join() !== placeholders(english.get(key)).join())).toEqual([]);
  });

  it('write English without a space before a colon, and French with one', () => {
    expect([...english.values()].filter((text) => /\s:(?=\s|$)/u.test(String(text)))).toEqual([]);
    expect([...french.values()].filter((text) => /\S:(?=\s)/u.test(String(text)))).toEqual([]);
  });
});
