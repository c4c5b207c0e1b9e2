import type { Page } from '@playwright/test';
import { expect, test, axeViolations, localized, messages, type Locale } from './fixtures';
import { signIn, uniqueEmail } from './auth';

const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');

/** The one product the shop still sells once (the plans are subscriptions, bought on the billing page). */
const SETUP = { en: 'Setup service', de: 'Einrichtungsservice' } as const;

/** "Buy now" on the landing page: the setup service, with a quantity. */
async function startCheckout(page: Page, locale: Locale, product: string = SETUP[locale], quantity = 1) {
  const m = messages[locale].Home.plans;
  await page.goto(`${prefix(locale)}/#plans`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: m.buyLabel.replace('{name}', product) });
  await form.getByLabel(m.quantity).selectOption(String(quantity));
  await form.getByRole('button', { name: m.buy }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/checkout/cs_local_[0-9a-f]{32}$`));
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** Fills the open local checkout's card form (Stripe's test card that pays, unless `card` says otherwise). */
async function fillCard(page: Page, locale: Locale, total: string, card = '4242 4242 4242 4242') {
  const c = messages[locale].Shop.checkout;
  const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
  await form.getByLabel(c.card).fill(card);
  await form.getByLabel(c.expiry).fill('12/34');
  await form.getByLabel(c.cvc).fill('123');
  await form.getByLabel(c.name).fill('Ada Lovelace');
  return form;
}

/** Pays the open local checkout with the test card that succeeds. */
async function pay(page: Page, locale: Locale, total: string) {
  const c = messages[locale].Shop.checkout;
  const form = await fillCard(page, locale, total);
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
    // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
    test.setTimeout(90_000);
    consoleErrors.allow(/status of 402 .*\/api\/checkout\/local\//);
    const account = await signIn(page, undefined, locale);
    const name = locale === 'de' ? 'Einrichtungsservice' : 'Setup service';
    await startCheckout(page, locale, name, 2);
    await expect(page.getByRole('note')).toHaveText(c.testMode);
    const total = price('298.00');
    await expect(page.getByRole('region', { name: c.summary })).toContainText(total);
    expect(await axeViolations(page)).toEqual([]);

    const form = await fillCard(page, locale, total, '4000 0000 0000 0002');
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
      `${prefix(locale)}/dashboard/widgets`,
    );
    expect(await axeViolations(page)).toEqual([]);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const ordered = (await order.locator('[data-order-date]').textContent())!;

    const { count, list } = await dashboardOrders(page, locale);
    await expect(count).toHaveText('1');
    const row = list.locator(`[data-order-id="${orderId}"]`);
    await expect(row).toContainText(s.status.paid);
    // The overview's activity counts the order: it never says that nothing has happened.
    const overview = messages[locale].Dashboard.overview;
    const activity = page.getByRole('region', { name: overview.activity });
    await expect(activity).not.toContainText(overview.noActivity);
    await expect(
      activity.getByRole('link', {
        name: overview.activityKinds.orderPaid.replace('{product}', name).replace('{reference}', reference),
      }),
    ).toBeVisible();
    await row.getByRole('link', { name: reference }).click();
    await expect(page.locator('[data-order-reference]')).toHaveText(reference);

    // The orders page, from the dashboard's navigation: the order with its date, items, amount and status.
    const o = messages[locale].Dashboard.orders;
    await page.goto(`${prefix(locale)}/dashboard`);
    await page
      .getByRole('navigation', { name: messages[locale].Dashboard.navLabel })
      .getByRole('link', { name: messages[locale].Dashboard.nav.orders })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/dashboard/orders$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(o.title);
    const table = page.getByRole('table', { name: o.list });
    const columns = [o.columns.reference, o.columns.date, o.columns.items, o.columns.amount, o.columns.status];
    await expect(table.getByRole('columnheader')).toHaveText(columns);
    const listed = table.locator(`[data-order-id="${orderId}"]`);
    await expect(listed.getByRole('cell')).toHaveText([ordered, `${name} × 2`, total, s.status.paid]);
    expect(await axeViolations(page)).toEqual([]);
    await listed.getByRole('link', { name: o.receipt.replace('{reference}', reference) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/success\\?order=${orderId}$`));
  });

  test(`the card form checks every field and answers Stripe's test cards (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 40[02] .*\/api\/checkout\/local\//);
    const fields = messages[locale].Api.fields;
    const errors = messages[locale].Api.errors;
    await startCheckout(page, locale);
    const total = price('149.00');
    const form = page.getByRole('form', { name: c.pay.replace('{amount}', total) });
    await expect(form).toContainText(c.allRequired);
    // The e-mail address is asked of a guest, for the receipt: it says so.
    await expect(form.getByLabel(c.email)).toHaveAccessibleDescription(c.emailHint);

    // An empty form: every field is marked at once, each with its own sentence.
    await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
    for (const label of [c.email, c.card, c.expiry, c.cvc, c.name]) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(fields.required);
    }
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // An expired card (01/20), a card number that fails its check digit, an Amex security code on a Visa.
    await form.getByLabel(c.email).fill(uniqueEmail('cards'));
    await form.getByLabel(c.card).fill('4242 4242 4242 4241');
    await form.getByLabel(c.expiry).fill('01/20');
    await form.getByLabel(c.cvc).fill('1234');
    await form.getByLabel(c.name).fill('Ada Lovelace');
    await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
    await expect(form.getByLabel(c.card)).toHaveAccessibleDescription(fields.cardNumber);
    await expect(form.getByLabel(c.expiry)).toHaveAccessibleDescription(fields.expiryPast);
    await expect(form.getByLabel(c.cvc)).toHaveAccessibleDescription(fields.cvc3);
    await expect(form.getByLabel(c.email)).not.toHaveAttribute('aria-invalid', 'true');

    // Stripe's test cards, each with Stripe's meaning.
    for (const [card, code] of [
      ['4000 0000 0000 0069', 'expiredCard'],
      ['4000 0000 0000 0127', 'incorrectCvc'],
      ['4000 0000 0000 0002', 'cardDeclined'],
    ] as const) {
      await fillCard(page, locale, total, card);
      await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
      await expect(form.getByRole('alert')).toHaveText(errors[code]);
    }
    await pay(page, locale, total);
  });

  test(`cancel the checkout: nothing was charged, and the order and the checkout say so (${locale})`, async ({
    page,
  }) => {
    await signIn(page, undefined, locale);
    await startCheckout(page, locale);
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
    // The checkout was closed: it can no longer be paid, and reopened it says that it was cancelled.
    await page.goto(checkout);
    const closed = page.getByRole('region', { name: c.closed.cancelled.title });
    await expect(closed).toContainText(c.closed.cancelled.message);
    await expect(page.getByRole('form')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await closed.getByRole('link', { name: c.closed.startAgain.replace('{product}', SETUP[locale]) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/shop/setup-service$`));
  });
}

// The viewer is far from the seller: the receipt's times are the seller's, named, on the page as in the e-mail.
test.describe('a guest’s purchase reaches its buyer', () => {
  test.use({ timezoneId: 'America/New_York' });

  for (const locale of ['en', 'de'] as const) {
    const c = messages[locale].Shop.checkout;
    const s = messages[locale].Shop.success;

    test(`the checkout asks for the address, a receipt goes there, and the account made with it gets the order (${locale})`, async ({
      page,
      consoleErrors,
    }) => {
      // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
      test.setTimeout(90_000);
      consoleErrors.allow(/status of 400 .*\/api\/checkout\/local\//);
      const email = uniqueEmail('guest');
      const total = locale === 'de' ? '149,00 €' : '€149.00';
      await startCheckout(page, locale);
      const form = await fillCard(page, locale, total);
      await expect(form.getByLabel(c.email)).toHaveAccessibleDescription(c.emailHint);
      // Without the address nothing is paid.
      await form.getByRole('button', { name: c.pay.replace('{amount}', total) }).click();
      await expect(form.getByLabel(c.email)).toHaveAccessibleDescription(messages[locale].Api.fields.required);
      expect(await axeViolations(page)).toEqual([]);
      await form.getByLabel(c.email).fill(email);
      await pay(page, locale, total);

      const order = page.getByRole('region', { name: s.orderTitle });
      await expect(order.getByRole('status')).toHaveText(s.status.paid);
      await expect(order).toContainText(email);
      const reference = (await order.locator('[data-order-reference]').textContent())!;
      // The time of the payment in the seller's zone, named: Berlin's, though the viewer is in New York.
      const paid = order.locator('[data-order-paid] time');
      const berlin = await paid.evaluate(
        (element, language) =>
          new Intl.DateTimeFormat(language, {
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            timeZone: 'Europe/Berlin',
            timeZoneName: 'short',
          }).format(new Date(element.getAttribute('datetime')!)),
        locale,
      );
      await expect(paid).toHaveText(berlin);
      await expect(paid).toHaveText(locale === 'de' ? /(MEZ|MESZ)$/ : /GMT\+[12]$/);
      const paidAt = (await paid.textContent())!;
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
      // The same moment, written the same way, as on the success page.
      await expect(receipt).toContainText(messages[locale].Mail.receipt.intro.replace('{date}', paidAt));
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
  await startCheckout(page, 'en');
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
