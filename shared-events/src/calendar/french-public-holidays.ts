/**
 * The public holidays of metropolitan France (Code du travail, art. L3133-1), on which no points-recovery
 * course may be held (DOMAIN.md). Alsace-Moselle's two extra days do not apply in Provence.
 */
export const PUBLIC_HOLIDAYS = [
  'newYearsDay', 'easterMonday', 'labourDay', 'victoryInEuropeDay', 'ascensionDay', 'whitMonday',
  'bastilleDay', 'assumptionDay', 'allSaintsDay', 'armisticeDay', 'christmasDay',
] as const;
export type PublicHoliday = (typeof PUBLIC_HOLIDAYS)[number];

export const PUBLIC_HOLIDAY_NAMES: Record<PublicHoliday, { fr: string; en: string }> = {
  newYearsDay: { fr: 'Jour de l’an', en: 'New Year’s Day' },
  easterMonday: { fr: 'Lundi de Pâques', en: 'Easter Monday' },
  labourDay: { fr: 'Fête du Travail', en: 'Labour Day' },
  victoryInEuropeDay: { fr: 'Victoire 1945', en: 'Victory in Europe Day' },
  ascensionDay: { fr: 'Ascension', en: 'Ascension Day' },
  whitMonday: { fr: 'Lundi de Pentecôte', en: 'Whit Monday' },
  bastilleDay: { fr: 'Fête nationale', en: 'Bastille Day' },
  assumptionDay: { fr: 'Assomption', en: 'Assumption Day' },
  allSaintsDay: { fr: 'Toussaint', en: 'All Saints’ Day' },
  armisticeDay: { fr: 'Armistice 1918', en: 'Armistice Day' },
  christmasDay: { fr: 'Noël', en: 'Christmas Day' },
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
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
  return `${year}-${pad(month)}-${pad(day)}`;
}

const cache = new Map<number, Map<string, PublicHoliday>>();

function holidaysOf(year: number): Map<string, PublicHoliday> {
  let days = cache.get(year);
  if (days) return days;
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  const afterEaster = (n: number) => isoDay(new Date(easter + n * 86_400_000));
  days = new Map<string, PublicHoliday>([
    [`${year}-01-01`, 'newYearsDay'],
    [afterEaster(1), 'easterMonday'],
    [`${year}-05-01`, 'labourDay'],
    [`${year}-05-08`, 'victoryInEuropeDay'],
    [afterEaster(39), 'ascensionDay'],
    [afterEaster(50), 'whitMonday'],
    [`${year}-07-14`, 'bastilleDay'],
    [`${year}-08-15`, 'assumptionDay'],
    [`${year}-11-01`, 'allSaintsDay'],
    [`${year}-11-11`, 'armisticeDay'],
    [`${year}-12-25`, 'christmasDay'],
  ]);
  cache.set(year, days);
  return days;
}

/** The public holiday falling on a `YYYY-MM-DD` day, or null. */
export function frenchPublicHoliday(day: string): PublicHoliday | null {
  return holidaysOf(Number(day.slice(0, 4))).get(day.slice(0, 10)) ?? null;
}
