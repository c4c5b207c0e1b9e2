// The stand-in's billing part: customers, subscriptions (whose state a test sets), their invoices and Customer
// Portal sessions, as the stripe SDK reads them; and webhook events signed as Stripe signs them.
import { createHmac, randomBytes } from 'node:crypto';

type Answer = { status: number; data: unknown };
type StripeObject = Record<string, unknown> & { id: string };
export type StandInSubscription = StripeObject & {
  customer: string;
  status: string;
  items: {
    object: 'list';
    data: Array<{ price: { id: string }; current_period_start: number; current_period_end: number }>;
  };
  trial_end: number | null;
  start_date: number;
  latest_invoice: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
};

/** The STRIPE_PRICE_* settings of the Stripe tests: the plans' prices as the stand-in names them. */
export const PRICES = {
  STRIPE_PRICE_STARTER_MONTH: 'price_starterMonth01',
  STRIPE_PRICE_STARTER_YEAR: 'price_starterYear01',
  STRIPE_PRICE_PROFESSIONAL_MONTH: 'price_proMonth01',
  STRIPE_PRICE_PROFESSIONAL_YEAR: 'price_proYear01',
  STRIPE_PRICE_BUSINESS_MONTH: 'price_businessMonth01',
  STRIPE_PRICE_BUSINESS_YEAR: 'price_businessYear01',
};

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const missing = (what: string): Answer => ({
  status: 404,
  data: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

export function billingStandIn() {
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StripeObject>();
  const creditNotes: StripeObject[] = [];
  const portalSessions: StripeObject[] = [];

  /** The billing requests the stand-in answers; null for any other. */
  function route(method: string, path: string, form: URLSearchParams): Answer | null {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.get('email'), metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return { status: 200, data: customer };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(form.get('customer') ?? '')) return missing('customer');
      const session = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.get('customer'),
        locale: form.get('locale'),
        return_url: form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${randomBytes(8).toString('hex')}`,
      };
      portalSessions.push(session);
      return { status: 200, data: session };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]));
      return found ? { status: 200, data: found } : missing('subscription');
    }
    // Canceled at once (a withdrawal), as Stripe does; a canceled one cannot be canceled again.
    if (method === 'DELETE' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]));
      if (!found || found.status === 'canceled') return missing('subscription');
      Object.assign(found, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return { status: 200, data: found };
    }
    if (method === 'POST' && path === '/v1/credit_notes') return creditNote(form);
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const found = invoices.get(decodeURIComponent(invoice[1]));
      return found ? { status: 200, data: found } : missing('invoice');
    }
    return null;
  }

  /** A credit note on a paid invoice: its amount all refunded, never more than was paid. */
  function creditNote(form: URLSearchParams): Answer {
    const invoice = invoices.get(form.get('invoice') ?? '');
    if (!invoice) return missing('invoice');
    const amount = Number(form.get('amount'));
    const refunded = creditNotes
      .filter((note) => note.invoice === invoice.id)
      .reduce((sum, n) => sum + Number(n.amount), 0);
    if (Number(form.get('refund_amount')) !== amount || refunded + amount > Number(invoice.amount_paid))
      return { status: 400, data: { error: { type: 'invalid_request_error', message: 'Invalid credit note amount' } } };
    const note = {
      id: id('cn'),
      object: 'credit_note',
      invoice: invoice.id,
      amount,
      refund_amount: amount,
      memo: form.get('memo'),
    };
    creditNotes.push(note);
    return { status: 200, data: note };
  }

  return {
    route,
    customers,
    creditNotes,
    subscriptions,
    invoices,
    portalSessions,
    /**
     * The buyer completed a subscription Checkout Session: Stripe's subscription of its customer and price,
     * trialing when the session asked for trial days, else `status`.
     */
    subscribe(session: StripeObject, form: URLSearchParams, status = 'active'): StandInSubscription {
      const start = now();
      const trialDays = Number(form.get('subscription_data[trial_period_days]') ?? 0);
      const end = start + (trialDays || 30) * DAY;
      const created: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: form.get('customer')!,
        status: trialDays ? 'trialing' : status,
        items: {
          object: 'list',
          data: [
            { price: { id: form.get('line_items[0][price]')! }, current_period_start: start, current_period_end: end },
          ],
        },
        trial_end: trialDays ? end : null,
        start_date: start,
        latest_invoice: null,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        metadata: { workspaceId: form.get('subscription_data[metadata][workspaceId]') },
      };
      subscriptions.set(created.id, created);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: created.id });
      return created;
    },
    /** Stripe changed the subscription (a renewal, the portal, its dunning): what retrieving it answers now. */
    setSubscription(subscriptionId: string, patch: Partial<StandInSubscription>) {
      Object.assign(subscriptions.get(subscriptionId)!, patch);
    },
    /** An invoice of the subscription, finalized with a number, its hosted page and PDF. */
    invoice(subscriptionId: string, patch: Record<string, unknown> = {}): StripeObject {
      const subscription = subscriptions.get(subscriptionId)!;
      const number = `STANDIN-${String(invoices.size + 1).padStart(4, '0')}`;
      const created = {
        id: id('in'),
        object: 'invoice',
        customer: subscription.customer,
        number,
        status: 'paid',
        total: 4900,
        amount_paid: 4900,
        currency: 'eur',
        created: now(),
        hosted_invoice_url: `https://invoice.stripe.test/i/${number}`,
        invoice_pdf: `https://pay.stripe.test/invoice/${number}/pdf`,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
        ...patch,
      };
      invoices.set(created.id, created);
      subscription.latest_invoice = created.id;
      return created;
    },
  };
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(\w+)\]$/.exec(key);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * A webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature header (`t=` the time,
 * `v1=` the HMAC-SHA256 of `t.payload` with the endpoint's secret).
 */
export function signedEvent(type: string, object: StripeObject, secret: string, eventId = id('evt')) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, created: now(), data: { object } });
  const t = now();
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return { id: eventId, payload, signature: `t=${t},v1=${v1}` };
}
