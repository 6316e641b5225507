import { COURSE_TIME_ZONE } from '../../lib/format';
import { localeOf, type Language } from '../../lib/language';

/**
 * A short date and time, as the administrators' tables show them (spec 001 §9): "21/11/2026 10:00" /
 * "11/21/2026, 10:00 AM", Paris time. Here rather than in lib/format, so that the public pages do not carry it.
 */
export function formatShortDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: COURSE_TIME_ZONE,
  }).format(new Date(iso));
}
