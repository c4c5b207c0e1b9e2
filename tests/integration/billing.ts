// The billing API of a workspace in local mode (issue 38): a subscription bought through the local checkout
// with a test card, the test clock, and what the engine recorded (charges, reminders), as the tests read them.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { GET as billingGet } from '@/app/api/workspaces/[wid]/billing/route';
import { POST as checkout } from '@/app/api/workspaces/[wid]/billing/checkout/route';
import { POST as change } from '@/app/api/workspaces/[wid]/billing/change/route';
import { POST as cancel } from '@/app/api/workspaces/[wid]/billing/cancel/route';
import { POST as resume } from '@/app/api/workspaces/[wid]/billing/resume/route';
import { POST as pay } from '@/app/api/workspaces/[wid]/billing/pay/route';
import { POST as portal } from '@/app/api/workspaces/[wid]/billing/portal/route';
import { PUT as paymentMethod } from '@/app/api/workspaces/[wid]/billing/payment-method/route';
import { POST as withdraw } from '@/app/api/workspaces/[wid]/billing/withdraw/route';
import { POST as payCheckout } from '@/app/api/checkout/subscription/[id]/route';
import { POST as advance } from '@/app/api/test-clock/advance/route';
import { database } from '@/lib/db';
import { charges, mails, subscriptions } from '@/lib/db/schema';
import { mailsSettled } from '@/lib/mail/later';
import { CARD } from './checkouts';
import { GERMAN_CONSUMER, billTo } from './invoices';
import { apiRequest } from './signed-in';

type Who = { cookie: string } | null;
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

/** The card form with the consumer's express request to start before the withdrawal period ends (ticked). */
export const CONSENTING = { ...CARD, immediateStart: true };

/** Stripe's test card that is accepted but whose every later charge fails. */
export const FAILING_CARD = { ...CONSENTING, card: '4000 0000 0000 0341' };

export const billingOf = (who: Who, wid: string) =>
  billingGet(apiRequest('GET', `/api/workspaces/${wid}/billing`, who), ctx({ wid }));

export const openCheckout = (who: Who, wid: string, body: unknown, headers: Record<string, string> = {}) =>
  checkout(apiRequest('POST', `/api/workspaces/${wid}/billing/checkout`, who, body, headers), ctx({ wid }));

export const payCheckoutAs = (who: Who, id: string, card: unknown = CONSENTING) =>
  payCheckout(apiRequest('POST', `/api/checkout/subscription/${id}`, who, card), ctx({ id }));

type WorkspaceHandler = (request: NextRequest, context: { params: Promise<{ wid: string }> }) => Promise<Response>;

const billingPost =
  (handler: WorkspaceHandler, path: string, method = 'POST') =>
  (who: Who, wid: string, body?: unknown, headers: Record<string, string> = {}) =>
    handler(apiRequest(method, `/api/workspaces/${wid}/billing/${path}`, who, body, headers), ctx({ wid }));

export const changePlan = billingPost(change, 'change');
export const cancelPlan = billingPost(cancel, 'cancel');
export const resumePlan = billingPost(resume, 'resume');
export const payNow = billingPost(pay, 'pay');
export const openPortal = billingPost(portal, 'portal');
export const changeCard = billingPost(paymentMethod, 'payment-method', 'PUT');
export const withdrawFrom = billingPost(withdraw, 'withdraw');

/** Moves the test clock `days` ahead (the due work runs before it answers); answers billing time. */
export async function advanceDays(days: unknown, headers: Record<string, string> = {}) {
  const response = await advance(apiRequest('POST', '/api/test-clock/advance', null, { days }, headers));
  return response;
}

export async function advanceBy(days: number): Promise<Date> {
  const response = await advanceDays(days);
  expect(response.status).toBe(200);
  return new Date((await response.json()).now);
}

/**
 * Subscribes `wid` to `plan` as `owner` through the local checkout, paid with `card` (by default with the consent
 * to start at once), billed to a consumer in Germany unless `details` say otherwise (a checkout needs them);
 * answers the billing JSON.
 */
export async function subscribe(
  owner: Who,
  wid: string,
  plan: string,
  {
    interval = 'month',
    trial = false,
    card = CONSENTING as unknown,
    details = GERMAN_CONSUMER as Record<string, unknown>,
  } = {},
) {
  await billTo(owner, wid, details);
  const opened = await openCheckout(owner, wid, { plan, interval, trial }, { 'idempotency-key': crypto.randomUUID() });
  expect(opened.status).toBe(201);
  const id = /cs_local_[0-9a-f]{32}/.exec((await opened.json()).url)![0];
  const paid = await payCheckoutAs(owner, id, card);
  expect(paid.status).toBe(200);
  return (await billingOf(owner, wid)).json();
}

/** The workspace's current subscription row. */
export async function currentSubscription(wid: string) {
  const db = await database();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, wid), ne(subscriptions.status, 'canceled')));
  return row;
}

/** Every charge of the workspace's subscriptions, oldest first. */
export async function chargesOf(wid: string) {
  const db = await database();
  return db
    .select({
      kind: charges.kind,
      amountCents: charges.amountCents,
      status: charges.status,
      plan: charges.plan,
      interval: charges.interval,
      periodStart: charges.periodStart,
      periodEnd: charges.periodEnd,
      at: charges.at,
    })
    .from(charges)
    .innerJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .where(eq(subscriptions.workspaceId, wid))
    .orderBy(asc(charges.at), asc(charges.createdAt));
}

/** The billing e-mails sent to `to`, oldest first. */
export async function billingMails(to: string) {
  await mailsSettled();
  const db = await database();
  const rows = await db.select().from(mails).where(eq(mails.to, to)).orderBy(asc(mails.createdAt));
  return rows.filter((row) => row.kind.startsWith('billing'));
}
