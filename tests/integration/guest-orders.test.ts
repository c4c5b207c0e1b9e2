// A guest purchase reaches its buyer (issue 15, points 4 and 7): the local checkout asks a guest for
// the receipt's address, the receipt goes out once (local mode: the mails table /mailbox lists), and
// the order joins the account that verifies that address, at sign-in or after the verification.
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { POST as cancel } from '@/app/api/checkout/cancel/route';
import { GET as checkoutReturn } from '@/app/api/checkout/return/route';
import { POST as pay } from '@/app/api/checkout/local/[id]/route';
import { POST as startSession } from '@/app/api/session/route';
import { database } from '@/lib/db';
import { localCheckoutSessions, mails, orders, products } from '@/lib/db/schema';
import { adminAuth } from '@/lib/firebase/admin';
import { ordersOf } from '@/lib/shop/orders';
import { recentlyAttached } from '@/lib/shop/guest-orders';
import { widgetLimit } from '@/lib/widgets/plan';
import { ensurePersonalWorkspace } from '@/lib/workspaces/service';
import { signInWithPassword, signUp, uniqueEmail } from './emulator';
import { ORIGIN, apiRequest, signedIn } from './signed-in';
import { CARD, buy } from './checkouts';

function payLocal(sessionId: string, body: Record<string, unknown>, language = 'en') {
  return pay(
    apiRequest('POST', `/api/checkout/local/${sessionId}`, null, body, {
      'content-type': 'application/json',
      'accept-language': language,
    }),
    {
      params: Promise.resolve({ id: sessionId }),
    },
  );
}

async function row(orderId: string) {
  const [found] = await (await database()).select().from(orders).where(eq(orders.id, orderId));
  return found;
}

const mailsTo = async (to: string) => (await database()).select().from(mails).where(eq(mails.to, to));

/** Signs in as the browser does after entering the password: a fresh token exchanged for a session. */
async function signIn(email: string) {
  const idToken = await signInWithPassword(email, 'secret-123');
  const response = await startSession(
    new NextRequest(`${ORIGIN}/api/session`, {
      method: 'POST',
      body: JSON.stringify({ idToken }),
      headers: { origin: ORIGIN },
    }),
  );
  expect(response.status).toBe(200);
}

describe('the local checkout asks a guest for the receipt’s address', () => {
  it.each([
    ['en', 'This field is required.'],
    ['de', 'Dieses Feld ist erforderlich.'],
  ])(
    'refuses a guest’s payment without one, in the buyer’s language, and writes nothing (%s)',
    async (language, sentence) => {
      const { orderId, sessionId } = await buy(null, 'setup-service', language);
      const response = await payLocal(sessionId, CARD, language);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: 'invalidBody', fields: { email: sentence } });
      expect(await row(orderId)).toMatchObject({ status: 'pending', email: null, receiptSentAt: null });
      const [session] = await (
        await database()
      )
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, sessionId));
      expect(session.status).toBe('open');
    },
  );

  it('refuses an address that is none, with the card’s problem beside it', async () => {
    const { sessionId } = await buy(null, 'setup-service');
    const response = await payLocal(sessionId, { ...CARD, email: 'not an address' });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).error.fields)).toEqual(['email']);
    const both = await payLocal(sessionId, { ...CARD, card: '1234' });
    expect(Object.keys((await both.json()).error.fields).sort()).toEqual(['card', 'email']);
  });
});

describe('the receipt', () => {
  it.each([
    [
      'en',
      /^Your receipt for order [0-9A-Z]{4}-[0-9A-Z]{4}$/,
      [
        '1 × Setup service at €149.00: €149.00',
        'Net amount: €125.21',
        'VAT included (19 %): €23.79',
        'Total: €149.00',
        'Create your account: http://localhost:3000/signup',
      ],
    ],
    [
      'de',
      /^Ihre Quittung zur Bestellung [0-9A-Z]{4}-[0-9A-Z]{4}$/,
      [
        '1 × Einrichtungsservice zu 149,00\u00a0€: 149,00\u00a0€',
        'Nettobetrag: 125,21\u00a0€',
        'Enthaltene MwSt. (19 %): 23,79\u00a0€',
        'Gesamtbetrag: 149,00\u00a0€',
        'Konto anlegen: http://localhost:3000/de/signup',
      ],
    ],
  ] as const)(
    'goes once to a guest’s address, with reference, items, net, VAT, total and the next step (%s)',
    async (language, subject, lines) => {
      const email = uniqueEmail('receipt');
      const { orderId, sessionId } = await buy(null, 'setup-service', language);
      expect((await payLocal(sessionId, { ...CARD, email })).status).toBe(200);
      const paid = await row(orderId);
      expect(paid).toMatchObject({ status: 'paid', email, uid: null });
      // The buyer returns, and reloads the cancel page they had open: no second receipt.
      expect(
        (await checkoutReturn(new NextRequest(`${ORIGIN}/api/checkout/return?session_id=${sessionId}`))).status,
      ).toBe(303);
      expect(
        (
          await cancel(
            apiRequest('POST', '/api/checkout/cancel', null, { orderId }, { 'content-type': 'application/json' }),
          )
        ).status,
      ).toBe(200);
      const sent = await mailsTo(email);
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toMatch(subject);
      expect(sent[0].subject).toContain(paid.reference);
      for (const line of [...lines, email]) expect(sent[0].text).toContain(line);
      expect(sent[0].html).toContain(paid.reference);
    },
  );

  it('goes to a signed-in buyer’s address without asking, pointing to their first widget', async () => {
    const me = await signedIn('receipt-member');
    const { sessionId } = await buy(me, 'setup-service');
    expect((await payLocal(sessionId, CARD)).status).toBe(200);
    const sent = await mailsTo(me.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Create your first widget: http://localhost:3000/dashboard/widgets');
  });
});

describe('a guest’s order joins the account that verifies its address', () => {
  it('at sign-in with the verified address, once; a plan bought once then counts for the account', async () => {
    const email = uniqueEmail('guest-buyer');
    const { orderId, sessionId } = await buy(null, 'setup-service');
    await payLocal(sessionId, { ...CARD, email: email.toUpperCase() });
    // A guest's plan bought once before plans became subscriptions: the shop sells plans no more.
    const db = await database();
    const [business] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'business'));
    await db.update(orders).set({ productId: business.id }).where(eq(orders.id, orderId));
    const account = await signUp(email);
    // Not verified yet: whoever typed the address at the checkout proves nothing.
    await signIn(email);
    expect((await row(orderId)).uid).toBeNull();
    expect(await widgetLimit(await ensurePersonalWorkspace(account.uid))).toBe(1);

    await adminAuth().updateUser(account.uid, { emailVerified: true });
    await signIn(email);
    const joined = await row(orderId);
    expect(joined.uid).toBe(account.uid);
    expect(joined.attachedAt).toBeInstanceOf(Date);
    expect(await widgetLimit(await ensurePersonalWorkspace(account.uid))).toBe(50);
    const [listed] = await ordersOf(account.uid);
    expect(listed).toMatchObject({ id: orderId, status: 'paid' });
    expect(recentlyAttached(listed.attachedAt)).toBe(true);

    // Signing in again changes nothing.
    await signIn(email);
    expect((await row(orderId)).attachedAt).toEqual(joined.attachedAt);
  });

  it('leaves another address’s orders, and unpaid ones, where they are', async () => {
    const email = uniqueEmail('guest-other');
    const paidElsewhere = await buy(null, 'setup-service');
    await payLocal(paidElsewhere.sessionId, { ...CARD, email: uniqueEmail('someone-else') });
    const unpaid = await buy(null, 'setup-service');
    await (await database()).update(orders).set({ email }).where(eq(orders.id, unpaid.orderId));
    const account = await signUp(email);
    await adminAuth().updateUser(account.uid, { emailVerified: true });
    await signIn(email);
    expect((await row(paidElsewhere.orderId)).uid).toBeNull();
    expect((await row(unpaid.orderId)).uid).toBeNull();
    expect(await ordersOf(account.uid)).toEqual([]);
  });

  it('mentions a joined order on the dashboard for 30 days', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(recentlyAttached(null)).toBe(false);
    expect(recentlyAttached(new Date(Date.now() - 29 * day).toISOString())).toBe(true);
    expect(recentlyAttached(new Date(Date.now() - 31 * day).toISOString())).toBe(false);
  });
});
