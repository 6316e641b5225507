import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../../../testing/locale-tree';
import { contentEn } from './en';
import { contentFr } from './fr';

const french = leaves(contentFr);
const english = leaves(contentEn);

describe('the content pages’ texts', () => {
  it('have in English every French key, and nothing more', () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it.each([
    ['French', french],
    ['English', english],
  ])('are all non-empty text in %s', (_language, texts) => {
    const empty = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([path]) => path);
    expect(empty).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const different = [...french].filter(([path, text]) => placeholders(text).join() !== placeholders(english.get(path)).join()).map(([path]) => path);
    expect(different).toEqual([]);
  });

  it('cover the spec’s counts: 6 steps, 5 questions, 4 categories of 4 questions', () => {
    for (const texts of [contentFr, contentEn]) {
      expect(Object.keys(texts.howItWorks.steps)).toHaveLength(6);
      expect(Object.keys(texts.howItWorks.questions)).toHaveLength(5);
      expect(Object.values(texts.faq.categories).map((category) => Object.keys(category.questions).length)).toEqual([4, 4, 4, 4]);
    }
  });
});
