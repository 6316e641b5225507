import { randomInt } from 'node:crypto';

/** No 0/O or 1/I/L: a reference is read aloud on the phone. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newBookingReference(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `RP-${code}`;
}
