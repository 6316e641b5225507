import { describe, expect, it } from 'vitest';
import { formatDateText, isIsoDay, readDateText } from './date-text';

const day = (value: string) => ({ kind: 'day', day: value });

describe('a typed date', () => {
  it('reads DD/MM/YYYY in French, with or without separators, zero-padded', () => {
    expect(readDateText('14031988', 'fr')).toEqual(day('1988-03-14'));
    expect(readDateText('14/03/1988', 'fr')).toEqual(day('1988-03-14'));
    expect(readDateText(' 5/3/1990 ', 'fr')).toEqual(day('1990-03-05'));
    expect(readDateText('05.03.1990', 'fr')).toEqual(day('1990-03-05'));
    expect(readDateText('05-03-1990', 'fr')).toEqual(day('1990-03-05'));
    expect(readDateText('05 03 1990', 'fr')).toEqual(day('1990-03-05'));
  });

  it('reads MM/DD/YYYY in English, with or without separators', () => {
    expect(readDateText('03141988', 'en')).toEqual(day('1988-03-14'));
    expect(readDateText('3/5/1990', 'en')).toEqual(day('1990-03-05'));
    expect(readDateText('12/31/1985', 'en')).toEqual(day('1985-12-31'));
  });

  it('keeps a date already written YYYY-MM-DD, in either language', () => {
    expect(readDateText('1990-03-15', 'fr')).toEqual(day('1990-03-15'));
    expect(readDateText('1990-3-5', 'en')).toEqual(day('1990-03-05'));
  });

  it('says when it is not a whole date yet', () => {
    expect(readDateText('', 'fr')).toEqual({ kind: 'empty' });
    expect(readDateText('   ', 'fr')).toEqual({ kind: 'empty' });
    for (const text of ['15/03', '15/03/1990/2', '1403198', '14/03/88', 'aa/bb/cccc', 'JJ/MM/2026']) {
      expect(readDateText(text, 'fr'), text).toEqual({ kind: 'incomplete' });
    }
  });

  it('says when the date cannot exist', () => {
    expect(readDateText('31/02/1990', 'fr')).toEqual({ kind: 'nonexistent' });
    expect(readDateText('15/13/1990', 'fr')).toEqual({ kind: 'nonexistent' });
    expect(readDateText('29021990', 'fr')).toEqual({ kind: 'nonexistent' });
    expect(readDateText('29021992', 'fr')).toEqual(day('1992-02-29'));
    expect(readDateText('14/03/1988', 'en')).toEqual({ kind: 'nonexistent' });
  });
});

describe('a day shown in a date input', () => {
  it('reads DD/MM/YYYY in French and MM/DD/YYYY in English', () => {
    expect(formatDateText('1988-03-14', 'fr')).toBe('14/03/1988');
    expect(formatDateText('1988-03-14', 'en')).toBe('03/14/1988');
  });

  it('is told from text being typed', () => {
    expect(isIsoDay('1988-03-14')).toBe(true);
    expect(isIsoDay('1988-02-30')).toBe(false);
    expect(isIsoDay('14/03/1988')).toBe(false);
  });
});
