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

/** The cookie that tells the server which language to write a page in (infra/src/http/page-rendering.ts reads it). */
const LANGUAGE_COOKIE = 'recup-points.language';

/** The visitor's own choice kept in this browser, or null when they made none. */
export function storedLanguageChoice(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return value ? toLanguage(value) : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only.
  }
  if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The BCP 47 locale used for numbers and dates. */
export function localeOf(language: Language): 'fr-FR' | 'en-US' {
  return language === 'en' ? 'en-US' : 'fr-FR';
}
