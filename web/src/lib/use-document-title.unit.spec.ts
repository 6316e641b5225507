import { describe, expect, it } from 'vitest';
import { toMetaDescription } from './use-document-title';

describe('a page description for search engines', () => {
  it('is kept whole up to 160 characters, on one line', () => {
    expect(toMetaDescription('  Trouvez un stage\n près de chez vous. ')).toBe('Trouvez un stage près de chez vous.');
  });

  it('is cut between two words past 160 characters, with an ellipsis', () => {
    const long = `${'Récupérez vos points en deux jours '.repeat(8)}fin`;
    const description = toMetaDescription(long);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    // Cut at the end of a word: what precedes the ellipsis is followed by a space in the text.
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(long[description.length - 1]).toBe(' ');
  });
});
