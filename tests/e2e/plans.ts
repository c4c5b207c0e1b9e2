// A plan for the signed-in account of a browser test (lib/billing/plans.ts): bought once through the shop's
// test checkout, which every workspace the account owns keeps (a lifetime plan, lib/billing/entitlements.ts).
import { expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

const CARD = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

/** Gives the signed-in account of `page` the plan (Business unless told); a plan it has already is kept. */
export async function givePlan(page: Page, plan: 'starter' | 'professional' | 'business' = 'business') {
  const headers = { origin: baseURL };
  const opened = await page.request.post('/api/checkout', { data: { productId: plan, quantity: 1 }, headers });
  if (opened.status() === 409) {
    expect((await opened.json()).error.code).toBe('planOwned');
    return;
  }
  expect(opened.status()).toBe(201);
  const session = /cs_local_[0-9a-f]+/.exec((await opened.json()).url)![0];
  const paid = await page.request.post(`/api/checkout/local/${session}`, { data: CARD, headers });
  expect(paid.status()).toBe(200);
}
