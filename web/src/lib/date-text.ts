import type { Language } from './language';

const pad = (value: string, length: number) => value.padStart(length, '0');

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What a typed date becomes when its field loses focus (specification §5): YYYY-MM-DD, zero-padded, read as
 * DD/MM/YYYY in French and MM/DD/YYYY in English; text already starting with a four-digit year is read as
 * YYYY-MM-DD. Anything without exactly three numeric parts, or naming no real day, becomes empty.
 */
export function normalizeDateText(text: string, language: Language): string {
  const parts = text.trim().split(/[/.\-\s]+/).filter(Boolean);
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return '';
  const [first = '', second = '', third = ''] = parts;
  const [year, month, day] =
    first.length === 4 ? [first, second, third] : language === 'en' ? [third, first, second] : [third, second, first];
  if (month.length > 2 || day.length > 2) return '';
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
