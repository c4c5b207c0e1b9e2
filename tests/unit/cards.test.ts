/** @jest-environment node */
import { cardDigits, cvcLength, hasExpired, parseExpiry } from '@/lib/payments/cards';
import { localPaymentSchema } from '@/lib/shop/schema';
import { fieldIssues } from '@/lib/api/fields';

const CARD = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
/** What the schema says of each field of `body`, as the API's field codes. */
function problems(body: unknown, emailRequired = false) {
  const parsed = localPaymentSchema(emailRequired).safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(Object.entries(fieldIssues(parsed.error)).map(([k, v]) => [k, v.code]));
}

describe('card numbers', () => {
  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242', '378282246310005', '5555555555554444', '4000000000000069'])(
    'takes %s (Luhn)',
    (number) => expect(cardDigits(number)).toBe(number.replace(/\D/g, '')),
  );
  it.each(['4242 4242 4242 4241', '1234 5678', '', 'abcd efgh ijkl mnop', '4'.repeat(20)])('refuses %j', (number) =>
    expect(cardDigits(number)).toBeNull(),
  );
  it('asks 4 digits of American Express numbers (34…, 37…) and 3 of the others', () => {
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(cvcLength('340000000000009')).toBe(4);
    expect(cvcLength('4242 4242 4242 4242')).toBe(3);
    expect(cvcLength('')).toBe(3);
  });
});

describe('expiry dates', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['12/34', { month: 12, year: 2034 }],
    ['1/27', { month: 1, year: 2027 }],
    ['03 / 28', { month: 3, year: 2028 }],
    ['0328', { month: 3, year: 2028 }],
    ['03-2028', { month: 3, year: 2028 }],
  ])('reads %j', (input, expected) => expect(parseExpiry(input, now)).toEqual(expected));
  it.each(['13/30', '00/30', '12', 'next year', '12/3', '12/2099', ''])('refuses %j', (input) =>
    expect(parseExpiry(input, now)).toBeNull(),
  );
  it('counts a card valid to the end of its month', () => {
    expect(hasExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(hasExpired({ month: 11, year: 2026 }, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(hasExpired({ month: 11, year: 2026 }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(hasExpired({ month: 1, year: 2020 }, now)).toBe(true);
    expect(hasExpired({ month: 12, year: 2025 }, now)).toBe(true);
  });
});

describe('the local checkout’s card form', () => {
  it('takes a complete card, trimmed', () => {
    expect(localPaymentSchema(false).parse({ ...CARD, name: '  Ada  Lovelace ' })).toEqual({
      ...CARD,
      name: 'Ada Lovelace',
    });
  });

  it('names every missing field of an empty form at once (the address only where the order has none)', () => {
    const empty = { card: '', expiry: '', cvc: '', name: '' };
    expect(problems(empty)).toEqual({ card: 'required', expiry: 'required', cvc: 'required', name: 'required' });
    expect(problems({ ...empty, email: '' }, true)).toEqual({
      card: 'required',
      expiry: 'required',
      cvc: 'required',
      name: 'required',
      email: 'required',
    });
    // Fields left out of the request count as left empty.
    expect(problems({}, true)).toEqual(problems({ ...empty, email: '' }, true));
  });

  it.each([
    [{ expiry: '01/20' }, { expiry: 'expiryPast' }],
    [{ expiry: '13/30' }, { expiry: 'expiryInvalid' }],
    [{ card: '4242 4242 4242 4241' }, { card: 'cardNumber' }],
    [{ cvc: '12' }, { cvc: 'cvc3' }],
    [{ cvc: '1234' }, { cvc: 'cvc3' }],
    [{ cvc: 'abc' }, { cvc: 'cvc3' }],
    [{ card: '3782 822463 10005', cvc: '123' }, { cvc: 'cvc4' }],
    [{ card: '3782 822463 10005', cvc: '1234' }, {}],
    [{ name: ' \n ' }, { name: 'required' }],
    [
      { card: '', expiry: '01/20', cvc: '99' },
      { card: 'required', expiry: 'expiryPast', cvc: 'cvc3' },
    ],
  ])('%j: %j', (change, expected) => expect(problems({ ...CARD, ...change })).toEqual(expected));

  it('asks a guest for a real address', () => {
    expect(problems({ ...CARD, email: 'not an address' }, true)).toEqual({ email: 'invalid' });
    expect(problems({ ...CARD, email: ' ada@example.com ' }, true)).toEqual({});
  });
});
