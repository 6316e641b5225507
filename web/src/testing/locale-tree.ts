/** Every leaf of a locale tree, as `path → text`: what the locale tests compare between French and English. */
export function leaves(tree: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [leafPath, leaf] of leaves(value, path ? `${path}.${key}` : key)) found.set(leafPath, leaf);
    }
  } else {
    found.set(path, tree);
  }
  return found;
}

/** The `{{placeholders}}` of a text, sorted. */
export const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/**
 * What keeps two locale trees from being one text in two languages: keys only one of them has, empty texts,
 * placeholders that differ, and colons spaced the other language's way (French puts a space before one).
 */
export function localeDefects(french: unknown, english: unknown) {
  const fr = leaves(french);
  const en = leaves(english);
  return {
    keysInOneLanguageOnly: [...new Set([...fr.keys(), ...en.keys()])].filter((key) => !fr.has(key) || !en.has(key)).sort(),
    emptyTexts: [...fr, ...en].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key),
    placeholdersDiffering: [...fr.keys()].filter((key) => en.has(key) && placeholders(fr.get(key)).join() !== placeholders(en.get(key)).join()),
    colonsMisspaced: [
      ...[...en].filter(([, text]) => /\s:(?=\s|$)/u.test(String(text))).map(([key]) => `en ${key}`),
      ...[...fr].filter(([, text]) => /\S:(?=\s)/u.test(String(text))).map(([key]) => `fr ${key}`),
    ],
  };
}
