// The settings' e-mail switches do what they say (issue 33, point 4): a staff reply to a ticket, and an order
// whose payment failed, are mailed to the customer in their language when the switch is on, not when it is
// off, once however often the request or the event comes again, and a failed sending fails no request.
import { and, eq } from 'drizzle-orm';
import { POST as createTicket } from '@/app/api/tickets/route';
import { POST as reply } from '@/app/api/tickets/[id]/messages/route';
import { PUT as saveSettings } from '@/app/api/settings/route';
import { database } from '@/lib/db';
import { mails, orders, ticketMessages } from '@/lib/db/schema';
import { mailsSettled } from '@/lib/mail/later';
import { deliver as deliverMail } from '@/lib/mail/transport';
import { apiRequest, signedIn } from './signed-in';
import { buy, deliver, event } from './checkouts';

// The real transport (local mode: the mails table), which a test can make fail once, as an SMTP server would.
jest.mock('@/lib/mail/transport', () => {
  const actual = jest.requireActual('@/lib/mail/transport');
  return { ...actual, deliver: jest.fn(actual.deliver) };
});
// A failure a test asked for and did not meet is not left for the next test.
afterEach(() => {
  jest.mocked(deliverMail).mockReset().mockImplementation(jest.requireActual('@/lib/mail/transport').deliver);
});
const failNextDelivery = () =>
  jest
    .mocked(deliverMail)
    .mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ECONNECTION' }));

type Client = Awaited<ReturnType<typeof signedIn>>;

async function mailsTo(to: string) {
  await mailsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

function settings(client: Client, values: { locale: 'en' | 'de'; ticketReplies?: boolean; orderUpdates?: boolean }) {
  return saveSettings(
    apiRequest('PUT', '/api/settings', client, {
      locale: values.locale,
      theme: 'system',
      notifyTicketReplies: values.ticketReplies ?? true,
      notifyOrderUpdates: values.orderUpdates ?? true,
      alertSound: true,
      emailAlerts: 'now',
      alertScope: 'mineAndUnassigned',
    }),
  );
}

describe('a staff reply to a ticket', () => {
  let staff: Client;
  beforeAll(async () => {
    staff = await signedIn('desk', { admin: true });
  });

  async function openTicket(owner: Client, language: string, subject = 'Widget stays hidden') {
    const response = await createTicket(
      apiRequest(
        'POST',
        '/api/tickets',
        owner,
        { subject, category: 'technical', message: 'The widget does not appear on my shop page.' },
        { 'accept-language': language },
      ),
    );
    expect(response.status).toBe(201);
    return (await response.json()).ticket.id as string;
  }

  function answer(ticketId: string, author: Client, message: string, requestKey = crypto.randomUUID()) {
    return reply(apiRequest('POST', `/api/tickets/${ticketId}/messages`, author, { message, requestKey }), {
      params: Promise.resolve({ id: ticketId }),
    });
  }

  it('is mailed to the owner once, in the ticket’s language, with a link to the ticket and the reply escaped', async () => {
    const owner = await signedIn('ticket-mail');
    const ticketId = await openTicket(owner, 'de-DE');
    const text = 'Bitte fügen Sie <script>alert(1)</script> & das Snippet erneut ein.';
    const key = crypto.randomUUID();
    // The staff's double click, or retries after a lost answer, at once: one reply, one e-mail.
    const answers = await Promise.all(Array.from({ length: 5 }, () => answer(ticketId, staff, text, key)));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await answer(ticketId, staff, text, key)).status).toBe(200);
    const sent = await mailsTo(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'ticketReply',
      subject: 'Der Support hat auf Ihr Ticket „Widget stays hidden“ geantwortet',
    });
    expect(sent[0].text).toContain(text);
    expect(sent[0].text).toContain(`http://localhost:3000/de/dashboard/tickets/${ticketId}`);
    expect(sent[0].text).toContain('http://localhost:3000/de/dashboard/settings');
    expect(sent[0].html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; das Snippet');
    expect(sent[0].html).not.toContain('<script>');
  });

  it('follows the language the owner saved in the settings', async () => {
    const owner = await signedIn('ticket-mail-language');
    expect((await settings(owner, { locale: 'en' })).status).toBe(200);
    const ticketId = await openTicket(owner, 'de');
    await answer(ticketId, staff, 'Please paste the snippet again.');
    const [sent] = await mailsTo(owner.email);
    expect(sent.subject).toBe('Support answered your ticket “Widget stays hidden”');
    expect(sent.text).toContain(`http://localhost:3000/dashboard/tickets/${ticketId}`);
  });

  it('is not mailed when the owner turned the switch off, nor the owner’s own reply', async () => {
    const owner = await signedIn('ticket-mail-off');
    expect((await settings(owner, { locale: 'en', ticketReplies: false })).status).toBe(200);
    const ticketId = await openTicket(owner, 'en');
    expect((await answer(ticketId, staff, 'Please paste the snippet again.')).status).toBe(201);
    expect((await answer(ticketId, owner, 'Done, thank you!')).status).toBe(201);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await mailsTo(staff.email)).toEqual([]);
  });

  it('answers the reply when the mail server fails, and the request’s retry sends the e-mail', async () => {
    const owner = await signedIn('ticket-mail-fails');
    const ticketId = await openTicket(owner, 'en');
    const key = crypto.randomUUID();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    failNextDelivery();
    expect((await answer(ticketId, staff, 'Please paste the snippet again.', key)).status).toBe(201);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('ticket reply notification failed'));
    logged.mockRestore();
    const [stored] = await (
      await database()
    )
      .select({ notifiedAt: ticketMessages.notifiedAt })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.staff, true)));
    expect(stored.notifiedAt).toBeNull();
    expect((await answer(ticketId, staff, 'Please paste the snippet again.', key)).status).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});

describe('an order whose payment failed after the checkout', () => {
  /** A checkout opened by `buyer` (a guest: null), as the buy form opens it. */
  async function checkoutOf(buyer: Client | null, language = 'en') {
    const { orderId, sessionId } = await buy(buyer, 'setup-service', language);
    return { orderId, id: sessionId };
  }

  /** A delayed payment method: the checkout completes unpaid, then its payment fails. */
  async function failPayment(session: { id: string; orderId: string; email?: string }) {
    expect((await deliver(event('checkout.session.completed', { ...session, paid: false }))).status).toBe(200);
    const failed = event('checkout.session.async_payment_failed', { ...session, paid: false });
    expect((await deliver(failed)).status).toBe(200);
    return failed;
  }

  const statusOf = async (orderId: string) =>
    (await (await database()).select().from(orders).where(eq(orders.id, orderId)))[0];

  it('is mailed to a signed-in buyer once, in the checkout’s language, however often Stripe delivers it', async () => {
    const buyer = await signedIn('order-mail');
    const session = await checkoutOf(buyer, 'de');
    const failed = await failPayment(session);
    // Stripe's redeliveries of the same event (at once), and another event of the same outcome.
    const again = await Promise.all(Array.from({ length: 5 }, () => deliver(failed)));
    expect(await Promise.all(again.map((response) => response.json()))).toEqual(
      Array(5).fill({ received: true, result: 'duplicate' }),
    );
    await deliver(event('checkout.session.async_payment_failed', { ...session, paid: false }));
    expect((await statusOf(session.orderId)).status).toBe('failed');
    const sent = await mailsTo(buyer.email);
    expect(sent).toHaveLength(1);
    const { reference } = await statusOf(session.orderId);
    expect(sent[0]).toMatchObject({
      kind: 'paymentFailed',
      subject: `Die Zahlung für die Bestellung ${reference} ist fehlgeschlagen`,
    });
    expect(sent[0].text).toMatch(/Einrichtungsservice, 149,00\s€/);
    expect(sent[0].text).toContain(`http://localhost:3000/de/shop/success?order=${session.orderId}`);
    expect(sent[0].text).toContain('http://localhost:3000/de/dashboard/settings');
  });

  it('is not mailed when the buyer turned the switch off; the receipt of a payment always is', async () => {
    const buyer = await signedIn('order-mail-off');
    expect((await settings(buyer, { locale: 'en', orderUpdates: false })).status).toBe(200);
    await failPayment(await checkoutOf(buyer));
    expect(await mailsTo(buyer.email)).toEqual([]);

    const paid = await checkoutOf(buyer);
    await deliver(event('checkout.session.completed', { ...paid, paid: true }));
    expect((await mailsTo(buyer.email)).map((mail) => mail.kind)).toEqual(['receipt']);
  });

  it('is mailed to a guest at the address given at the checkout', async () => {
    const email = `guest-${crypto.randomUUID()}@example.com`;
    const session = await checkoutOf(null);
    await failPayment({ ...session, email });
    const sent = await mailsTo(email);
    expect(sent.map((mail) => mail.kind)).toEqual(['paymentFailed']);
    expect(sent[0].text).toContain('this address was given for an order');
    expect(sent[0].text).not.toContain('/dashboard/settings');
  });

  it('answers Stripe when the mail server fails, and a redelivery sends the e-mail', async () => {
    const buyer = await signedIn('order-mail-fails');
    const session = await checkoutOf(buyer);
    expect((await deliver(event('checkout.session.completed', { ...session, paid: false }))).status).toBe(200);
    // That event's own look for an e-mail to send (none) is over before the mail server fails.
    await mailsSettled();
    const failed = event('checkout.session.async_payment_failed', { ...session, paid: false });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    failNextDelivery();
    expect((await deliver(failed)).status).toBe(200);
    expect(await mailsTo(buyer.email)).toEqual([]);
    expect(logged).toHaveBeenCalledWith('mail: order status e-mail failed: ECONNECTION');
    logged.mockRestore();
    expect((await statusOf(session.orderId)).notifiedStatus).toBeNull();
    await deliver(failed);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('is not mailed when the checkout could not be opened (the buyer was told at once)', async () => {
    const buyer = await signedIn('order-mail-unreachable');
    const session = await checkoutOf(buyer);
    await (
      await database()
    )
      .update(orders)
      .set({ status: 'failed', checkoutSessionId: null })
      .where(eq(orders.id, session.orderId));
    const { mailPaymentFailed } = await import('@/lib/shop/order-mail');
    expect(await mailPaymentFailed(session.orderId)).toBe(false);
    expect(await mailsTo(buyer.email)).toEqual([]);
  });
});
