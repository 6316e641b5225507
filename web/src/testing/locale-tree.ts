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
