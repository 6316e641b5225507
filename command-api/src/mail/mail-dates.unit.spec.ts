import { describe, expect, it } from 'vitest';
import { mailCourseDates, mailDay, mailTime } from './mail-dates';

// A Friday–Saturday course in winter (UTC+1) and a day in summer (UTC+2): the hours are Paris's.
const start = '2026-12-11T07:00:00.000Z';
const end = '2026-12-12T16:00:00.000Z';

describe('dates in e-mails', () => {
  it('write the weekday, the day, the month in words and the year, in the reader’s language', () => {
    expect(mailDay(start, 'fr')).toBe('vendredi 11 décembre 2026');
    expect(mailDay(start, 'en')).toBe('Friday, December 11, 2026');
  });
  it('write the hours of Paris as the screens do', () => {
    expect(mailTime(start, 'fr')).toBe('8h00');
    expect(mailTime(end, 'en')).toBe('5:00 PM');
    expect(mailTime('2027-06-18T06:30:00.000Z', 'fr')).toBe('8h30');
  });
  it('give both days of a course with their hours', () => {
    expect(mailCourseDates(start, end, 'fr')).toBe('du vendredi 11 décembre 2026 à 8h00 au samedi 12 décembre 2026 à 17h00');
    expect(mailCourseDates(start, end, 'en')).toBe('from Friday, December 11, 2026 at 8:00 AM to Saturday, December 12, 2026 at 5:00 PM');
  });
});
