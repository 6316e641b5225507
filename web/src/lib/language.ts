export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'recup-points.language';

export function toLanguage(value: string | null | undefined): Language {
  const short = value?.slice(0, 2).toLowerCase();
  return short === 'en' ? 'en' : short === 'fr' ? 'fr' : DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): Language {
  try {
    return toLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** The BCP 47 locale used for numbers and dates. */
export function localeOf(language: Language): 'fr-FR' | 'en-US' {
  return language === 'en' ? 'en-US' : 'fr-FR';
}
