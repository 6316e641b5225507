import { PARIS, parisMinutesOfDay } from '@recup/shared-events/calendar/paris';

/** Courses take place in France: e-mails give their hours as the centre announces them, whatever the reader's zone. */
const COURSE_TIME_ZONE = PARIS;

type Lang = 'fr' | 'en';

/** The screens' locales (web `localeOf`): the same words and order in an e-mail as on the page. */
const locale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'fr-FR');

/**
 * The formatters, made once per language: building an Intl.DateTimeFormat costs far more than formatting with it,
 * and every mail of a booking formats several dates.
 */
const dayFormatter = (lang: Lang) => new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: COURSE_TIME_ZONE });
const FORMATTERS = {
  fr: { day: dayFormatter('fr') },
  // French hours are written "8h00" from the Paris minutes of the day (see mailTime): no formatter for them.
  en: { day: dayFormatter('en'), time: new Intl.DateTimeFormat(locale('en'), { hour: 'numeric', minute: '2-digit', timeZone: COURSE_TIME_ZONE }) },
} as const;

/** Weekday, day, full month name, year: "vendredi 11 décembre 2026" / "Friday, December 11, 2026". */
export function mailDay(iso: string, lang: Lang): string {
  return (lang === 'en' ? FORMATTERS.en : FORMATTERS.fr).day.format(new Date(iso));
}

/** "8h00" in French, "8:00 AM" in English, as the screens write a course's hours. */
export function mailTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (lang === 'en') return FORMATTERS.en.time.format(date);
  const minutes = parisMinutesOfDay(date);
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A course's two days with their hours, to put in a sentence: "du vendredi 11 décembre 2026 à 8h00 au samedi
 * 12 décembre 2026 à 17h00" / "from Friday, December 11, 2026 at 8:00 AM to Saturday, December 12, 2026 at 5:00 PM".
 */
export function mailCourseDates(startIso: string, endIso: string, lang: Lang): string {
  return lang === 'en'
    ? `from ${mailDay(startIso, lang)} at ${mailTime(startIso, lang)} to ${mailDay(endIso, lang)} at ${mailTime(endIso, lang)}`
    : `du ${mailDay(startIso, lang)} à ${mailTime(startIso, lang)} au ${mailDay(endIso, lang)} à ${mailTime(endIso, lang)}`;
}
