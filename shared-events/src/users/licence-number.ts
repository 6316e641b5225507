import { z } from 'zod';

/**
 * A French driving licence number, read tolerantly (people copy it from the card or the paper, with spaces):
 * - the card licence (since 16 September 2013, and every licence renewed since) prints 12 letters and digits;
 * - the pink paper licence carries its number in digits, 12 of them usually (year and month of issue, department,
 *   then a serial), fewer or more on the oldest ones; Corsica's departments write 2A or 2B in them, which the
 *   12-character form above already takes.
 * So: 12 letters and digits, or 6 to 15 digits; spaces, hyphens, dots and slashes between them are dropped, and
 * letters are kept in capitals, as the licence prints them. Anything else is most likely a typing mistake.
 */
const CARD = /^[0-9A-Z]{12}$/;
const PAPER = /^\d{6,15}$/;

/** The number as it is kept: capitals, without the separators people type. */
export function normalizeLicenceNumber(text: string): string {
  return text.toUpperCase().replace(/[\s\-./]/g, '');
}

export function isFrenchLicenceNumber(text: string): boolean {
  const number = normalizeLicenceNumber(text);
  return CARD.test(number) || PAPER.test(number);
}

/** The issue's `params.rule` when a licence number is not one: the APIs and the forms say what they accept. */
export const LICENCE_NUMBER_RULE = 'licence_number';

/** An optional licence number, as the profile takes it: blank is null, otherwise a French licence number, kept normalized. */
export const OptionalLicenceNumber = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .refine((value) => !value || isFrenchLicenceNumber(value), {
    message: 'Expected a French driving licence number: 12 letters and digits, or the 6 to 15 digits of an older paper licence',
    params: { rule: LICENCE_NUMBER_RULE },
  })
  .transform((value) => (value ? normalizeLicenceNumber(value) : null));
