/**
 * Text as a search compares it: no accents, no case, any run of punctuation or spaces as one space.
 * "Salon-de-Provence", "SALON DE PROVENCE" and "salon de provence" are the same place.
 */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
