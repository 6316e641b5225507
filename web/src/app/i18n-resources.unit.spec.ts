import { describe, expect, it } from 'vitest';
import { namespaces, resources } from './i18n-resources';

/**
 * Every leaf of a resource tree as "path → text". Lists (paragraphs read with `returnObjects`) count item by item,
 * so both languages must have as many; anything that is neither text, list nor nested object is kept to fail.
 */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value) && value.length === 0) {
      found.set(path, '');
    } else if (value !== null && typeof value === 'object') {
      for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

const fr = leaves(resources.fr);
const en = leaves(resources.en);

describe('French and English resources', () => {
  it('register every namespace in both languages', () => {
    expect(Object.keys(resources.fr).sort()).toEqual([...namespaces].sort());
    expect(Object.keys(resources.en).sort()).toEqual([...namespaces].sort());
  });

  it('have exactly the same keys', () => {
    const missingInEnglish = [...fr.keys()].filter((key) => !en.has(key));
    const missingInFrench = [...en.keys()].filter((key) => !fr.has(key));
    expect({ missingInEnglish, missingInFrench }).toEqual({ missingInEnglish: [], missingInFrench: [] });
  });

  it('have no empty or non-text entry', () => {
    const blank = [...fr, ...en]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(blank).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    // A French placeholder may carry a formatter (`{{city, à}}`: "au Pradet"); its name is what counts.
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1]).sort();
    const differing = [...fr.keys()]
      .filter((key) => en.has(key))
      .filter((key) => placeholders(fr.get(key)).join() !== placeholders(en.get(key)).join());
    expect(differing).toEqual([]);
  });

  it('write English without a space before a colon', () => {
    const spaced = [...en].filter(([, text]) => typeof text === 'string' && /\s:(?=\s|$)/u.test(text)).map(([key, text]) => `${key}: ${String(text)}`);
    expect(spaced).toEqual([]);
  });

  it('hold French guillemets to their words with no-break spaces, so that none wraps to a line of its own', () => {
    const breakable = [...fr].filter(([, text]) => typeof text === 'string' && /« | »/u.test(text)).map(([key]) => key);
    expect(breakable).toEqual([]);
  });
});
