import { expect, test, type Page } from '@playwright/test';
import { axeViolations, messages, type Locale } from './fixtures';
import { signIn } from './auth';

const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');

async function startCheckout(page: Page, locale: Locale, plan: string, quantity: number) {
  const m = messages[locale].Home.plans;
  await page.goto(`${prefix(locale)}/#plans`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: m.buyLabel.replace('{name}', plan) });
  await form.getByLabel(m.quantity).selectOption(String(quantity));
  await form.getByRole('button', { name: m.buy }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/checkout/cs_local_[0-9a-f]{32}$`));
  await page.locator('html[data-hydrated="true"]').waitFor();
}

for (const locale of ['en', 'de'] as const) {
  const c = messages[locale].Shop.checkout;
  const s = messages[locale].Shop.success;

  test(`buy with the local checkout: declined card, then paid; the order is on the dashboard (${locale})`, async ({ page }) => {
    await signIn(page);
    await startCheckout(page, locale, 'Professional', 2);
    await expect(page.getByRole('note')).toHaveText(c.testMode);
    const total = locale === 'de' ? '158,00 €' : '€158.00';
    await expect(page.getByRole('region', { name: c.summary })).toContainText(total);
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
    await form.getByLabel(c.card).fill('4000 0000 0000 0002');
    await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
    await expect(form.getByRole('alert')).toHaveText(messages[locale].Api.errors.cardDeclined);

    await form.getByLabel(c.card).fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/success\\?order=[0-9a-f-]{36}$`));
    const order = page.getByRole('region', { name: s.orderTitle });
    await expect(order.getByRole('status')).toHaveText(s.status.paid);
    await expect(order).toContainText('Professional');
    await expect(order).toContainText(total);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    await page.goto(`${prefix(locale)}/dashboard`);
    const orders = page.getByRole('region', { name: messages[locale].Dashboard.overview.ordersTitle });
    await expect(orders.locator(`[data-order-id="${orderId}"]`)).toContainText(s.status.paid);
  });

  test(`cancel the checkout: nothing was charged (${locale})`, async ({ page }) => {
    await startCheckout(page, locale, 'Starter', 1);
    await page.getByRole('link', { name: c.cancel }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/cancel\\?order=[0-9a-f-]{36}$`));
    await expect(page.getByRole('main')).toContainText(messages[locale].Shop.cancel.lead);
  });
}

test('the success page of an unpaid order says it is processing', async ({ page }) => {
  await startCheckout(page, 'en', 'Starter', 1);
  const sessionId = page.url().split('/').at(-1)!;
  // Back from the checkout without paying: the return address alone marks nothing paid.
  await page.goto(`/api/checkout/return?session_id=${sessionId}`);
  await expect(page).toHaveURL(/\/shop\/success\?order=/);
  await expect(page.getByRole('status').filter({ hasText: messages.en.Shop.success.status.pending })).toBeVisible();
  await expect(page.getByText(messages.en.Shop.success.checking)).toBeVisible();
});

test('a forged session id on the return shows an error page', async ({ page }) => {
  const response = await page.goto(`/api/checkout/return?session_id=cs_local_${'0'.repeat(32)}`);
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.Shop.return.invalid.title);
});
