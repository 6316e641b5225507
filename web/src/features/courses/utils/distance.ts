import { localeOf, type Language } from '../../../lib/language';

/** "12,3 km" in French, "12.3 km" in English: a tenth of a kilometre is as precise as a road distance needs. */
export function formatDistance(km: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit: 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(km);
}
