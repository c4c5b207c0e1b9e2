import { randomInt } from 'node:crypto';

/** Crockford's base 32: digits and capitals without I, L, O and U, so a reference reads and types unambiguously. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An order's reference: eight random characters in two groups (`K7M4-Q2XD`, 40 bits). */
export function newOrderReference(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** The form of a reference, as people may type it (lower case allowed). */
export const ORDER_REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/i;
