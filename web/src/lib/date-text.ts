import type { Language } from './language';

const pad = (value: number | string, length: number) => String(value).padStart(length, '0');

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What a typed date says: nothing; a day (`YYYY-MM-DD`); text that is not a whole date yet (a part missing, or
 * not a number); or a date that cannot exist (31/02, month 13). The reason is shown to the person who typed it.
 */
type DateTextReading =
  | { kind: 'empty' }
  | { kind: 'day'; day: string }
  | { kind: 'incomplete' }
  | { kind: 'nonexistent' };

/**
 * Reads a date as people type or paste it: DD/MM/YYYY in French and MM/DD/YYYY in English (specification §1),
 * with any of `/ . - ` or a space between the parts, or none at all (`14031988`); text that starts with a
 * four-digit year is read as YYYY-MM-DD in either language.
 */
export function readDateText(text: string, language: Language): DateTextReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  let parts = trimmed.split(/[/.\-\s]+/u).filter(Boolean);
  // Digits only: two for the day, two for the month and four for the year, in the language's order.
  if (parts.length === 1 && /^\d{8}$/u.test(trimmed)) parts = [trimmed.slice(0, 2), trimmed.slice(2, 4), trimmed.slice(4)];
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/u.test(part))) return { kind: 'incomplete' };
  const [first = '', second = '', third = ''] = parts;
  const yearFirst = first.length === 4;
  const [year, month, day] = yearFirst ? [first, second, third] : language === 'en' ? [third, first, second] : [third, second, first];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return { kind: 'incomplete' };
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return { kind: 'nonexistent' };
  return { kind: 'day', day: `${year}-${pad(month, 2)}-${pad(day, 2)}` };
}

/** A `YYYY-MM-DD` day as the language writes it in a date input: 14/03/1988 in French, 03/14/1988 in English. */
export function formatDateText(day: string, language: Language): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return language === 'en' ? `${month}/${date}/${year}` : `${date}/${month}/${year}`;
}

/** Whether a form's date value is already a day (`YYYY-MM-DD`) rather than text being typed. */
export function isIsoDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/u.test(value) && readDateText(value, 'fr').kind === 'day';
}
