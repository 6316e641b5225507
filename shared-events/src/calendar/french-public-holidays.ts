import { addDays, parisCalendarDay, type CalendarDay } from './calendar-day';

export interface PublicHoliday {
  day: CalendarDay;
  name: { fr: string; en: string };
}

/**
 * Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher).
 *
 * Computed here rather than with `@socialgouv/jours-feries` (2.0.0), which cannot do the job: it returns `Date`s at
 * midnight of the machine's own time zone and adds 24-hour days to Easter, so in a zone that leaves summer time
 * between Easter and Whit Monday (a browser in Sydney, 2026) Easter Monday, Ascension and Whit Monday come out a day
 * early; its Easter formula truncates the century correction the wrong way (wrong in 36 years of 2100–2199, 2106
 * among them); and it has neither English names nor Easter Sunday itself. `date-holidays` (3.x) computes them right,
 * but the course form checks holidays in the browser, and it brings every country's rules there: 1.5 MB minified,
 * 241 KB gzipped (measured with esbuild), for eleven days of which three follow Easter.
 */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fixed = (year: number, monthDay: string, fr: string, en: string): PublicHoliday => ({ day: `${String(year).padStart(4, '0')}-${monthDay}`, name: { fr, en } });

/**
 * The eleven public holidays of the Code du travail (art. L3133-1) in a year, in date order: those of mainland
 * France, where our courses run (Alsace-Moselle's two extra days do not concern Provence).
 */
export function frenchPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const movable = (days: number, fr: string, en: string): PublicHoliday => ({ day: addDays(easter, days), name: { fr, en } });
  return [
    fixed(year, '01-01', 'Jour de l’an', 'New Year’s Day'),
    movable(1, 'Lundi de Pâques', 'Easter Monday'),
    fixed(year, '05-01', 'Fête du Travail', 'Labour Day'),
    fixed(year, '05-08', 'Victoire 1945', 'Victory in Europe Day'),
    movable(39, 'Ascension', 'Ascension Day'),
    movable(50, 'Lundi de Pentecôte', 'Whit Monday'),
    fixed(year, '07-14', 'Fête nationale', 'Bastille Day'),
    fixed(year, '08-15', 'Assomption', 'Assumption Day'),
    fixed(year, '11-01', 'Toussaint', 'All Saints’ Day'),
    fixed(year, '11-11', 'Armistice 1918', 'Armistice Day'),
    fixed(year, '12-25', 'Noël', 'Christmas Day'),
  ].sort((x, y) => x.day.localeCompare(y.day));
}

/** The public holiday falling on this day (an instant is read in Paris), or null. */
export function frenchPublicHolidayOn(date: Date | CalendarDay): PublicHoliday | null {
  const day = parisCalendarDay(date);
  return frenchPublicHolidays(Number(day.slice(0, 4))).find((holiday) => holiday.day === day) ?? null;
}

export function isFrenchPublicHoliday(date: Date | CalendarDay): boolean {
  return frenchPublicHolidayOn(date) !== null;
}
