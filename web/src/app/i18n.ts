import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, readStoredLanguage, storeLanguage, toLanguage } from '../lib/language';
import { namespaces, resources } from './i18n-resources';

function syncDocumentLanguage(language: string): void {
  const lang = toLanguage(language);
  document.documentElement.lang = lang;
  storeLanguage(lang);
}

/** French by default; the visitor's choice is kept in localStorage and mirrored on `<html lang>`. */
export function initI18n(language = readStoredLanguage()) {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    syncDocumentLanguage(language);
  }
  return i18next;
}
