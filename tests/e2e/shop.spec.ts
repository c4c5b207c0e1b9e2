import type { Page } from '@playwright/test';
import { expect, test, axeViolations, localized, messages, type Locale } from './fixtures';
import { signIn, uniqueEmail } from './auth';

const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');

/** "Buy now" on the landing page: a plan (bought once) or the setup service with a quantity. */
async function startCheckout(page: Page, locale: Locale, product: string, quantity?: number) {
  const m = messages[locale].Home.plans;
  await page.goto(`${prefix(locale)}/#plans`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: m.buyLabel.replace('{name}', product) });
  if (quantity) await form.getByLabel(m.quantity).selectOption(String(quantity));
  else await expect(form.getByLabel(m.quantity)).toHaveCount(0);
  await form.getByRole('button', { name: m.buy }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/checkout/cs_local_[0-9a-f]{32}$`));
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** Pays the open local checkout with the test card that succeeds. */
async function pay(page: Page, locale: Locale, total: string) {
  const c = messages[locale].Shop.checkout;
  const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
  await form.getByLabel(c.card).fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/success\\?order=[0-9a-f-]{36}$`));
}

/** The dashboard's Orders tile and the row of an order in its list. */
async function dashboardOrders(page: Page, locale: Locale) {
  await page.goto(`${prefix(locale)}/dashboard`);
  return {
    count: page.getByTestId('orders'),
    list: page.getByRole('region', { name: messages[locale].Dashboard.overview.ordersTitle }),
  };
}

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

for (const locale of ['en', 'de'] as const) {
  const c = messages[locale].Shop.checkout;
  const s = messages[locale].Shop.success;
  const r = messages[locale].Shop.receipt;
  const price = (euros: string) => (locale === 'de' ? `${euros.replace('.', ',')} €` : `€${euros}`);

  test(`buy the setup service twice: declined card, then paid; the receipt and the dashboard (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 402 .*\/api\/checkout\/local\//);
    const account = await signIn(page, undefined, locale);
    const name = locale === 'de' ? 'Einrichtungsservice' : 'Setup service';
    await startCheckout(page, locale, name, 2);
    await expect(page.getByRole('note')).toHaveText(c.testMode);
    const total = price('298.00');
    await expect(page.getByRole('region', { name: c.summary })).toContainText(total);
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
    await form.getByLabel(c.card).fill('4000 0000 0000 0002');
    await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
    await expect(form.getByRole('alert')).toHaveText(messages[locale].Api.errors.cardDeclined);
    await pay(page, locale, total);

    // The receipt: reference, line items, net, VAT with its rate, total, the buyer's address, next step.
    const order = page.getByRole('region', { name: s.orderTitle });
    await expect(order.getByRole('status')).toHaveText(s.status.paid);
    const reference = (await order.locator('[data-order-reference]').textContent())!;
    expect(reference).toMatch(REFERENCE);
    await expect(order).not.toContainText(new URL(page.url()).searchParams.get('order')!);
    const items = order.getByRole('table', { name: r.items });
    const line = items.locator('tbody tr');
    await expect(line.getByRole('rowheader')).toHaveText(name);
    await expect(line.getByRole('cell')).toHaveText(['2', price('149.00'), total]);
    const sums = [
      ['net', r.net, price('250.42')],
      ['vat', r.vat.replace('{rate, number}', '19'), price('47.58')],
      ['total', r.total, total],
    ];
    for (const [row, label, amount] of sums) {
      await expect(items.locator(`[data-receipt="${row}"] th`)).toHaveText(label);
      await expect(items.locator(`[data-receipt="${row}"] td`)).toHaveText(amount);
    }
    await expect(order).toContainText(account.email);
    const next = page.getByRole('region', { name: s.nextStep.title });
    await expect(next.getByRole('link', { name: s.nextStep.action })).toHaveAttribute(
      'href',
      `${prefix(locale)}/dashboard/embed`,
    );
    expect(await axeViolations(page)).toEqual([]);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    const { count, list } = await dashboardOrders(page, locale);
    await expect(count).toHaveText('1');
    const row = list.locator(`[data-order-id="${orderId}"]`);
    await expect(row).toContainText(s.status.paid);
    await row.getByRole('link', { name: reference }).click();
    await expect(page.locator('[data-order-reference]')).toHaveText(reference);
  });

  test(`cancel the checkout: nothing was charged, and the order says so (${locale})`, async ({ page }) => {
    await signIn(page, undefined, locale);
    await startCheckout(page, locale, 'Starter');
    const checkout = page.url();
    // The cancel page closes the checkout as it opens (POST /api/checkout/cancel).
    const cancelled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/checkout/cancel');
    await page.getByRole('link', { name: c.cancel }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/cancel\\?order=[0-9a-f-]{36}$`));
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('main')).toContainText(messages[locale].Shop.cancel.lead);
    expect(await (await cancelled).json()).toEqual({ status: 'cancelled' });

    const { count, list } = await dashboardOrders(page, locale);
    await expect(list.locator(`[data-order-id="${orderId}"]`)).toContainText(s.status.cancelled);
    await expect(count).toHaveText('0');
    // The checkout was closed: it can no longer be paid.
    await page.goto(checkout);
    await expect(page.getByRole('heading', { name: c.closed.title })).toBeVisible();
  });

  test(`a plan is bought once: a plan already owned, or a smaller one, is refused (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 409 .*\/api\/checkout\b/);
    await signIn(page, undefined, locale);
    await startCheckout(page, locale, 'Professional');
    await pay(page, locale, price('79.00'));
    const m = messages[locale].Home.plans;
    for (const plan of ['Professional', 'Starter']) {
      await page.goto(`${prefix(locale)}/#plans`);
      await page.locator('html[data-hydrated="true"]').waitFor();
      const form = page.getByRole('form', { name: m.buyLabel.replace('{name}', plan) });
      await form.getByRole('button', { name: m.buy }).click();
      await expect(form.getByRole('alert')).toHaveText(messages[locale].Api.errors.planOwned);
    }
    // A larger plan is an upgrade.
    await startCheckout(page, locale, 'Business');
    const { count } = await dashboardOrders(page, locale);
    await expect(count).toHaveText('1');
  });
}

// The viewer is far from the seller: every time the pages show is in the viewer's zone.
test.describe('a guest’s purchase reaches its buyer', () => {
  test.use({ timezoneId: 'America/New_York' });

  for (const locale of ['en', 'de'] as const) {
    const c = messages[locale].Shop.checkout;
    const s = messages[locale].Shop.success;

    test(`the checkout asks for the address, a receipt goes there, and the account made with it gets the order (${locale})`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 400 .*\/api\/checkout\/local\//);
      const email = uniqueEmail('guest');
      const total = locale === 'de' ? '29,00 €' : '€29.00';
      await startCheckout(page, locale, 'Starter');
      const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
      await expect(form.getByLabel(c.email)).toHaveAccessibleDescription(c.emailHint);
      // Without the address nothing is paid.
      await form.getByLabel(c.card).fill('4242 4242 4242 4242');
      await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
      await expect(form.getByLabel(c.email)).toHaveAccessibleDescription(messages[locale].Api.fields.required);
      expect(await axeViolations(page)).toEqual([]);
      await form.getByLabel(c.email).fill(email);
      await pay(page, locale, total);

      const order = page.getByRole('region', { name: s.orderTitle });
      await expect(order.getByRole('status')).toHaveText(s.status.paid);
      await expect(order).toContainText(email);
      const reference = (await order.locator('[data-order-reference]').textContent())!;
      // The order's time in the viewer's zone (New York), not the server's (Berlin).
      const time = order.locator('[data-order-date] time');
      const shown = await time.evaluate(
        (element, language) =>
          new Intl.DateTimeFormat(language, {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            timeZone: 'America/New_York',
          }).format(new Date(element.getAttribute('datetime')!)),
        locale,
      );
      await expect(time).toHaveText(shown);
      const next = page.getByRole('region', { name: s.nextStep.title });
      await expect(next).toContainText(s.nextStep.guestText.replace('{email}', email));
      await expect(next.getByRole('link', { name: s.nextStep.guestAction })).toHaveAttribute(
        'href',
        `${prefix(locale)}/signup`,
      );

      // The receipt, in the local mailbox.
      const subject = messages[locale].Mail.receipt.subject.replace('{reference}', reference);
      await page.goto(`${localized('/mailbox', locale)}?to=${encodeURIComponent(email)}`);
      const receipt = page.getByRole('article', { name: subject });
      await expect(receipt).toContainText(messages[locale].Mail.receipt.total.replace('{amount}', total));
      await expect(receipt).toContainText(messages[locale].Mail.receipt.actionGuest);

      // An account with that address, once verified, has the order, and the dashboard says so.
      const { signup, fields, verify } = messages[locale].Auth;
      await page.goto(localized('/signup', locale));
      const signUp = page.getByRole('form', { name: signup.title });
      await signUp.getByLabel(fields.email).fill(email);
      await signUp.getByLabel(fields.password, { exact: true }).fill('secret-123');
      await signUp.getByLabel(fields.confirm).fill('secret-123');
      await signUp.getByRole('button', { name: signup.submit }).click();
      await expect(page).toHaveURL(/\/verify-email$/);
      await page.getByRole('link', { name: verify.openMailbox }).click();
      await page
        .getByRole('listitem')
        .filter({ hasText: email })
        .getByRole('link', { name: messages[locale].Mailbox.actions.verifyEmail })
        .click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(verify.verified);
      const { count, list } = await dashboardOrders(page, locale);
      const note = page.getByRole('region', { name: messages[locale].Dashboard.overview.attached.title });
      await expect(note).toContainText(email);
      await expect(note.getByRole('link', { name: reference })).toBeVisible();
      await expect(count).toHaveText('1');
      await expect(list).toContainText(reference);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test('the success page of an unpaid order says it is processing', async ({ page }) => {
  await startCheckout(page, 'en', 'Starter');
  const sessionId = page.url().split('/').at(-1)!;
  // Back from the checkout without paying: the return address alone marks nothing paid.
  await page.goto(`/api/checkout/return?session_id=${sessionId}`);
  await expect(page).toHaveURL(/\/shop\/success\?order=/);
  await expect(page.getByRole('status').filter({ hasText: messages.en.Shop.success.status.pending })).toBeVisible();
  await expect(page.getByText(messages.en.Shop.success.checking)).toBeVisible();
});

test('a forged session id on the return shows an error page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/checkout\/return\?session_id=cs_local_0+\)$/);
  const response = await page.goto(`/api/checkout/return?session_id=cs_local_${'0'.repeat(32)}`);
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.Shop.return.invalid.title);
});
