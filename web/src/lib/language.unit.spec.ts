import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, localeOf, readStoredLanguage, storeLanguage, toLanguage } from './language';

afterEach(() => {
  window.localStorage.clear();
});

describe('the stored language', () => {
  it('is French when nothing, or nothing known, is stored', () => {
    expect(readStoredLanguage()).toBe('fr');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(readStoredLanguage()).toBe('fr');
  });

  it('is read back once stored', () => {
    storeLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(readStoredLanguage()).toBe('en');
  });
});

describe('language codes', () => {
  it('accept regional and upper-case forms', () => {
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('FR')).toBe('fr');
    expect(toLanguage(undefined)).toBe('fr');
  });

  it('format numbers and dates as fr-FR and en-US', () => {
    expect(localeOf('fr')).toBe('fr-FR');
    expect(localeOf('en')).toBe('en-US');
  });
});
