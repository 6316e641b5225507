import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { aName, deName } from '@recup/shared-events/text/french-place-names';
import { DEFAULT_LANGUAGE, LANGUAGES, readStoredLanguage, storeLanguage, toLanguage, type Language } from '../lib/language';
import { SHELL_NAMESPACES } from './i18n-namespaces';

type Texts = Record<string, unknown>;

/**
 * Each namespace of each language is a chunk of its own, loaded when a page needs it: a visitor downloads the
 * texts of the pages they open, in their language only. The staff areas add their own namespaces with their code.
 */
const LOADERS: Record<Language, Record<string, () => Promise<Texts>>> = {
  fr: {
    common: () => import('../locales/fr').then((m) => m.commonFr),
    auth: () => import('../features/auth/locales/fr').then((m) => m.authFr),
    courses: () => import('../features/courses/locales/fr').then((m) => m.coursesFr),
    checkout: () => import('../features/checkout/locales/fr').then((m) => m.checkoutFr),
    dashboard: () => import('../features/dashboard/locales/fr').then((m) => m.dashboardFr),
    account: () => import('../features/account/locales/fr').then((m) => m.accountFr),
    content: () => import('../features/content/locales/fr').then((m) => m.contentFr),
    waitingList: () => import('../features/waiting-list/locales/fr').then((m) => m.waitingListFr),
  },
  en: {
    common: () => import('../locales/en').then((m) => m.commonEn),
    auth: () => import('../features/auth/locales/en').then((m) => m.authEn),
    courses: () => import('../features/courses/locales/en').then((m) => m.coursesEn),
    checkout: () => import('../features/checkout/locales/en').then((m) => m.checkoutEn),
    dashboard: () => import('../features/dashboard/locales/en').then((m) => m.dashboardEn),
    account: () => import('../features/account/locales/en').then((m) => m.accountEn),
    content: () => import('../features/content/locales/en').then((m) => m.contentEn),
    waitingList: () => import('../features/waiting-list/locales/en').then((m) => m.waitingListEn),
  },
};

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  // A namespace we do not load (a staff area's, added with its code) answers nothing, which keeps what is there.
  read: (language: string, namespace: string) => LOADERS[toLanguage(language)][namespace]?.() ?? Promise.resolve({}),
};
Object.assign(chunkBackend, { callbackApi: false });

function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  const lang = toLanguage(language);
  document.documentElement.lang = lang;
  storeLanguage(lang);
}

/**
 * French by default; the visitor's choice is kept (localStorage, and a cookie that lets the server send the page
 * already written in that language) and mirrored on `<html lang>`. Without `resources` the texts load on demand:
 * the promise settles once the shell's namespaces are there. Tests and the pre-rendering pass every text at once.
 */
let initialized: Promise<unknown> | undefined;

export function initI18n(language = readStoredLanguage(), resources?: Resource): Promise<unknown> {
  if (initialized) return initialized;
  i18next.on('languageChanged', syncDocumentLanguage);
  if (!resources) i18next.use(chunkBackend);
  initialized = i18next.use(initReactI18next).init({
    ...(resources ? { resources, initAsync: false } : {}),
    lng: language,
    // The two languages have the same keys (i18n-resources.unit.spec.ts): nothing to fall back on, nothing more to load.
    fallbackLng: resources ? DEFAULT_LANGUAGE : false,
    supportedLngs: [...LANGUAGES],
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // A place name after "de" or "à" in French: "près {{location, de}}" reads "près d’Aubagne", "stage {{city, à}}"
  // reads "stage au Pradet" (shared-events/text). English strings do not use them.
  i18next.services.formatter?.add('de', (value) => deName(String(value)));
  i18next.services.formatter?.add('à', (value) => aName(String(value)));
  syncDocumentLanguage(language);
  return initialized;
}

/** Loads the namespaces a page needs in the current language (at once when they are there, or in tests). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await initialized;
  if (namespaces.length === 0 || namespaces.every((namespace) => i18next.hasLoadedNamespace(namespace))) return;
  await i18next.loadNamespaces([...namespaces]);
}
