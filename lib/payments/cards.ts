/** What a card form checks before a card is charged: the number, the expiry date and the security code. */

/** A card number's digits (spaces and dashes allowed between them) when they pass the Luhn check, else null. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0 ? digits : null;
}

/** American Express numbers (34…, 37…) have a 4-digit security code on the front; the others 3 on the back. */
export function cvcLength(card: string): 3 | 4 {
  return /^3[47]/.test(card.replace(/[\s-]/g, '')) ? 4 : 3;
}

/** Further ahead than this an expiry year is a typing error (Stripe refuses such years too). */
const LATEST_EXPIRY_YEARS = 50;

/**
 * The month and year of an expiry date as cards print it (`MM/YY`; also `MM / YY`, `MM-YY`, `MMYY`,
 * `MM/YYYY`), or null when it is none.
 */
export function parseExpiry(input: string, now = new Date()): { month: number; year: number } | null {
  const found = /^(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!found) return null;
  const month = Number(found[1]);
  const year = found[2].length === 2 ? 2000 + Number(found[2]) : Number(found[2]);
  if (month < 1 || month > 12 || year > now.getUTCFullYear() + LATEST_EXPIRY_YEARS) return null;
  return { month, year };
}

/** A card is valid to the end of its expiry month: expired once a later month has begun. */
export function hasExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expiry.year < year || (expiry.year === year && expiry.month < now.getUTCMonth() + 1);
}
