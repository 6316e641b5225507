import { COUNTRIES } from '@recup/shared-events/countries';
import { localeOf, type Language } from './language';

type CountryOption = { code: string; label: string };

const cache = new Map<Language, CountryOption[]>();

function frenchNames(): (code: string, fallback: string) => string {
  try {
    const names = new Intl.DisplayNames(['fr'], { type: 'region' });
    return (code, fallback) => names.of(code) ?? fallback;
  } catch {
    return (_code, fallback) => fallback;
  }
}

/** The fixed country list (specification §3): English labels as given, French ones from the browser; sorted per locale. */
export function countryOptions(language: Language): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const nameOf = language === 'fr' ? frenchNames() : (_code: string, fallback: string) => fallback;
  const collator = new Intl.Collator(localeOf(language), { sensitivity: 'base' });
  const options = COUNTRIES.map((country) => ({ code: country.code, label: nameOf(country.code, country.name) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  cache.set(language, options);
  return options;
}
