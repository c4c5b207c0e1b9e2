import type { Page } from '@playwright/test';
import { expect, test, messages } from './fixtures';
import { signIn } from './auth';

const m = messages.en;

/** The setup service's form: the one product still bought once (the plans are subscriptions). */
async function setupForm(page: Page) {
  await page.goto('/#plans');
  await page.locator('html[data-hydrated="true"]').waitFor();
  return page.getByRole('form', { name: m.Home.plans.buyLabel.replace('{name}', 'Setup service') });
}

/** The signed-in buyer's orders, as the dashboard lists them. */
async function expectOrders(page: Page, count: number) {
  await page.goto('/dashboard');
  const orders = page.getByRole('region', { name: m.Dashboard.overview.ordersTitle });
  await expect(orders.locator('[data-order-id]')).toHaveCount(count);
}

test('a double click on "Buy now" opens one checkout: one order', async ({ page }) => {
  await signIn(page);
  const form = await setupForm(page);
  await form.getByRole('button', { name: m.Home.plans.buy }).dblclick();
  await expect(page).toHaveURL(/\/shop\/checkout\/cs_local_[0-9a-f]{32}$/);
  await expectOrders(page, 1);
});

test('"Buy now" again after the answer was lost opens the same checkout: one order', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/net::ERR_CONNECTION_RESET \(http:\/\/127\.0\.0\.1:\d+\/api\/checkout\)/);
  await signIn(page);
  const form = await setupForm(page);
  // The first request reaches the server, but its answer never reaches the browser (a dropped
  // connection, a timeout); the buyer clicks again.
  let lost = false;
  await page.route('**/api/checkout', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: m.Home.plans.buy }).click();
  await expect(form.getByRole('alert')).toHaveText(m.Home.plans.buyError);
  await form.getByRole('button', { name: m.Home.plans.buy }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/cs_local_[0-9a-f]{32}$/);
  await expectOrders(page, 1);
});
