import { describe, expect, it } from 'vitest';
import { localeDefects } from '../../testing/locale-tree';
import { courseFormEn } from './locales/en';
import { courseFormFr } from './locales/fr';

describe('the course form’s texts (loaded with it, for centres and administrators)', () => {
  it('say the same in French and English: same keys and placeholders, none empty, each language’s colons', () => {
    expect(localeDefects(courseFormFr, courseFormEn)).toEqual({ keysInOneLanguageOnly: [], emptyTexts: [], placeholdersDiffering: [], colonsMisspaced: [] });
  });

  it('use the specification’s words', () => {
    expect(courseFormFr.errors.POSTAL_CODE_INVALID).toBe('Le code postal doit comporter 5 chiffres');
    expect(courseFormFr.errors.required.title).toBe('Le titre est requis');
  });
});
