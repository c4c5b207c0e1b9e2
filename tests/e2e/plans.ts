// A plan for a workspace of the signed-in account of a browser test (lib/billing/plans.ts): a monthly
// subscription bought through the billing API and the local test checkout, paid at once with a test card.
import { expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

export type PaidPlan = 'starter' | 'professional' | 'business';

const CARD = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
const RANK: Record<string, number> = { free: 0, starter: 1, professional: 2, business: 3 };
// A German business: German VAT on its invoices, and no consumer's withdrawal right to consent to.
const DETAILS = {
  name: 'Lovelace GmbH',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  business: true,
  vatId: 'DE123456789',
};

/** The id of the signed-in account's personal workspace. */
export async function personalWorkspace(page: Page): Promise<string> {
  const { workspaces } = await (await page.request.get('/api/workspaces')).json();
  return (workspaces as Array<{ id: string; personal: boolean }>).find((w) => w.personal)!.id;
}

/**
 * Subscribes the workspace (the personal one unless told) of the signed-in owner of `page` to `plan` (Business
 * unless told); a workspace on that plan or a larger one keeps it, a smaller one is upgraded.
 */
export async function givePlan(page: Page, plan: PaidPlan = 'business', workspaceId?: string) {
  const headers = { origin: baseURL };
  const wid = workspaceId ?? (await personalWorkspace(page));
  const billing = `/api/workspaces/${wid}/billing`;
  const current = await (await page.request.get(billing)).json();
  if (RANK[current.plan] >= RANK[plan]) return;
  if (current.status === 'active') {
    const changed = await page.request.post(`${billing}/change`, { data: { plan, interval: 'month' }, headers });
    expect(changed.status()).toBe(200);
    return;
  }
  const details = await page.request.put(`${billing}/details`, { data: DETAILS, headers });
  expect(details.status()).toBe(200);
  const opened = await page.request.post(`${billing}/checkout`, {
    data: { plan, interval: 'month', trial: false },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  expect(opened.status()).toBe(201);
  const session = /cs_local_[0-9a-f]{32}/.exec((await opened.json()).url)![0];
  const paid = await page.request.post(`/api/checkout/subscription/${session}`, { data: CARD, headers });
  expect(paid.status()).toBe(200);
}
