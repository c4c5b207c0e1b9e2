// The local test checkout checks a card as a checkout does and answers Stripe's test cards as Stripe's test mode
// does (issue 33, point 7): whatever the form sends, the server is the judge, and a refused payment writes nothing.
import { eq } from 'drizzle-orm';
import { POST as pay } from '@/app/api/checkout/local/[id]/route';
import { POST as cancel } from '@/app/api/checkout/cancel/route';
import { database } from '@/lib/db';
import { localCheckoutSessions, orders } from '@/lib/db/schema';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest, signedIn } from './signed-in';
import { CARD, buy } from './checkouts';

function payLocal(sessionId: string, body: unknown, language = 'en') {
  return pay(
    apiRequest('POST', `/api/checkout/local/${sessionId}`, null, body, {
      'content-type': 'application/json',
      'accept-language': language,
    }),
    { params: Promise.resolve({ id: sessionId }) },
  );
}

/** The order and its checkout session as stored: a refused payment leaves both as they were. */
async function stored(orderId: string, sessionId: string) {
  const db = await database();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [session] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
  return { order: order.status, email: order.email, session: session.status, payment: session.paymentStatus };
}
const untouched = { order: 'pending', email: null, session: 'open', payment: 'unpaid' };

describe('the card form', () => {
  it.each([
    ['en', en],
    ['de', de],
  ] as const)('names every field of an empty form at once, translated (%s)', async (language, messages) => {
    const { orderId, sessionId } = await buy(null, 'setup-service', language);
    const response = await payLocal(sessionId, { card: '', expiry: '', cvc: '', name: '', email: '' }, language);
    expect(response.status).toBe(400);
    const required = messages.Api.fields.required;
    expect((await response.json()).error).toEqual({
      code: 'invalidBody',
      message: messages.Api.errors.invalidBody,
      fields: { card: required, expiry: required, cvc: required, name: required, email: required },
    });
    expect(await stored(orderId, sessionId)).toEqual(untouched);
  });

  it('does not ask a signed-in buyer for the address the order has', async () => {
    const me = await signedIn('test-checkout');
    const { sessionId } = await buy(me, 'setup-service');
    const response = await payLocal(sessionId, {});
    expect(Object.keys((await response.json()).error.fields).sort()).toEqual(['card', 'cvc', 'expiry', 'name']);
  });

  it.each([
    [{ expiry: '01/20' }, 'expiry', en.Api.fields.expiryPast],
    [{ expiry: '13/30' }, 'expiry', en.Api.fields.expiryInvalid],
    [{ card: '4242 4242 4242 4241' }, 'card', en.Api.fields.cardNumber],
    [{ cvc: '12' }, 'cvc', en.Api.fields.cvc3],
    [{ card: '3782 822463 10005', cvc: '123' }, 'cvc', en.Api.fields.cvc4],
    [{ name: '   ' }, 'name', en.Api.fields.required],
  ])('refuses %j, naming the field, and charges nothing', async (change, field, sentence) => {
    const { orderId, sessionId } = await buy(null, 'setup-service');
    const response = await payLocal(sessionId, { ...CARD, email: 'ada@example.com', ...change });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ [field]: sentence });
    expect(await stored(orderId, sessionId)).toEqual(untouched);
  });
});

describe('Stripe’s test cards', () => {
  it.each([
    ['4000 0000 0000 0002', 'cardDeclined'],
    ['4000 0000 0000 0069', 'expiredCard'],
    ['4000 0000 0000 0127', 'incorrectCvc'],
    // A real card's number (it passes the Luhn check): Stripe's test mode declines it.
    ['4111 1111 1111 1111', 'cardDeclined'],
  ] as const)('%s is refused with 402 %s in the buyer’s language, charging nothing', async (card, code) => {
    const { orderId, sessionId } = await buy(null, 'setup-service', 'de');
    const response = await payLocal(sessionId, { ...CARD, card, email: 'ada@example.com' }, 'de');
    expect(response.status).toBe(402);
    expect((await response.json()).error).toEqual({ code, message: de.Api.errors[code] });
    expect(await stored(orderId, sessionId)).toEqual(untouched);
  });

  it.each([
    ['4242 4242 4242 4242', '123'],
    ['5555 5555 5555 4444', '123'],
    ['3782 822463 10005', '1234'],
  ])('%s pays', async (card, cvc) => {
    const { orderId, sessionId } = await buy(null, 'setup-service');
    const response = await payLocal(sessionId, { ...CARD, card, cvc, email: 'ada@example.com' });
    expect(response.status).toBe(200);
    expect(await stored(orderId, sessionId)).toEqual({
      order: 'paid',
      email: 'ada@example.com',
      session: 'complete',
      payment: 'paid',
    });
  });
});

it('says that a cancelled checkout was cancelled, not paid or expired', async () => {
  const { orderId, sessionId } = await buy(null, 'setup-service', 'de');
  const cancelled = await cancel(
    apiRequest('POST', '/api/checkout/cancel', null, { orderId }, { 'content-type': 'application/json' }),
  );
  expect(await cancelled.json()).toEqual({ status: 'cancelled' });
  const response = await payLocal(sessionId, { ...CARD, email: 'ada@example.com' }, 'de');
  expect(response.status).toBe(409);
  expect((await response.json()).error).toEqual({
    code: 'checkoutCancelled',
    message: de.Api.errors.checkoutCancelled,
  });
});
