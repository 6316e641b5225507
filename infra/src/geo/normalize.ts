/**
 * Text as a search compares it: no accents, no case, any run of punctuation or spaces as one space, and
 * "St"/"Ste" spelt out. "Salon-de-Provence", "SALON DE PROVENCE" and "salon de provence" are the same place.
 */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A place name as one key, without even the spaces, so that "L'Isle-sur-la-Sorgue", "lisle sur la sorgue"
 * and "L ISLE SUR LA SORGUE" (La Poste's spelling) meet.
 */
export function placeKey(text: string): string {
  return normalizePlaceName(text).replace(/ /g, '');
}
