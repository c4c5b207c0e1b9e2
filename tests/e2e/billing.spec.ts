// Subscriptions in local mode from the billing page (issue 38), in both languages: the billing details asked
// for before a checkout, a business in Austria's price without German VAT and its invoice naming the address,
// subscribing with a trial through the subscription's test checkout, the trial's end with the first invoice
// (page, PDF, /mailbox), cancel and resume; an upgrade at once with its prorated invoice, a downgrade at the
// period's end; a failed renewal through past due (the banner, the owner's e-mail) to read-only and back once
// paid with another card; and a consumer's withdrawal: the express request to start at once at the checkout,
// then the refund's credit note.
import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { baseURL } from '../../playwright.config';
import { expect, test, axeViolations, localized, localesUnderTest, messages, type Locale } from './fixtures';
import { fill } from '@/lib/i18n/slices';
import { signIn, uniqueEmail } from './auth';
import { personalWorkspace } from './plans';

const headers = { origin: baseURL };

// The test clock is one for the whole app: these tests move it, so they run one after the other, in one worker.
test.describe.configure({ mode: 'serial' });
const CARD = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

const GERMAN_CONSUMER = { name: 'Jörg Weiß', street: 'Fußgängerstraße 3', postalCode: '80331', city: 'München' };

/** Bills the signed-in owner's personal workspace to a consumer in Germany (a checkout needs that); its id. */
async function billConsumer(page: Page) {
  const wid = await personalWorkspace(page);
  const details = { ...GERMAN_CONSUMER, country: 'DE', business: false };
  expect((await page.request.put(`/api/workspaces/${wid}/billing/details`, { data: details, headers })).status()).toBe(
    200,
  );
  return wid;
}

/** Subscribes the signed-in owner's personal workspace to Starter, monthly, paid at once, as a consumer; its id. */
async function subscribeToStarter(page: Page) {
  const wid = await billConsumer(page);
  const opened = await page.request.post(`/api/workspaces/${wid}/billing/checkout`, {
    data: { plan: 'starter', interval: 'month', trial: false },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  expect(opened.status()).toBe(201);
  const session = /cs_local_[0-9a-f]{32}/.exec((await opened.json()).url)![0];
  // A consumer charged at once asks for the start before the withdrawal period ends.
  const data = { ...CARD, immediateStart: true };
  expect((await page.request.post(`/api/checkout/subscription/${session}`, { data, headers })).status()).toBe(200);
  return wid;
}

async function billingPage(page: Page, locale: Locale) {
  await page.goto(localized('/dashboard/billing', locale));
  await page.locator('html[data-hydrated="true"]').waitFor();
  return page.getByRole('region', { name: messages[locale].Dashboard.billing.summary.title });
}

/** The summary's status row: "Active" alone would also match the row "Active widgets". */
const statusOf = (summary: Locator, b: (typeof messages)[Locale]['Dashboard']['billing']) =>
  summary.locator(`[data-billing-row="${b.summary.status}"]`);

/**
 * `email`'s local mailbox in the page's language: an unprefixed path would be replaced by the remembered
 * language's a moment after it loads, and that replacement would abort the test's next navigation.
 */
const mailbox = (email: string, locale: Locale) => localized(`/mailbox?to=${encodeURIComponent(email)}`, locale);

/** The invoice or credit note `number` reaches `email`'s local mailbox, its PDF attached (mailed after the answer). */
async function expectMailed(page: Page, email: string, number: string, locale: Locale) {
  const mail = page.locator('article[data-mail-kind="invoice"]').filter({ hasText: number });
  await expect(async () => {
    await page.goto(mailbox(email, locale));
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(mail.getByRole('link', { name: new RegExp(`${number}\\.pdf`) })).toBeVisible();
}

const advance = async (page: Page, days: number) =>
  expect((await page.request.post('/api/test-clock/advance', { data: { days }, headers })).status()).toBe(200);

for (const locale of localesUnderTest) {
  const b = messages[locale].Dashboard.billing;

  test(`upgrades at once with a prorated invoice and downgrades at the period's end (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, uniqueEmail('upgrader'), locale);
    await subscribeToStarter(page);
    const summary = await billingPage(page, locale);
    await expect(summary).toContainText('Starter');

    await page.getByRole('button', { name: `${b.plans.upgrade}: Professional` }).click();
    await expect(summary).toContainText('Professional');
    const invoices = page.getByRole('region', { name: b.invoices.title });
    // The first month, and the difference for the rest of it.
    await expect(invoices.locator('tbody tr')).toHaveCount(2);

    await page.getByRole('button', { name: `${b.plans.downgrade}: Starter` }).click();
    await expect(summary).toContainText(b.summary.pending);
    await advance(page, 32);
    await page.reload();
    await expect(summary).toContainText('Starter');
    await expect(summary).not.toContainText(b.summary.pending);
    await expect(invoices.locator('tbody tr')).toHaveCount(3);
  });

  test(`a failed renewal goes past due, then read-only, and back once paid (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('overdue');
    await signIn(page, email, locale);
    await subscribeToStarter(page);
    const summary = await billingPage(page, locale);
    // A card that is accepted and then fails every charge.
    await page.getByRole('button', { name: b.actions.paymentMethod }).click();
    const form = page.getByRole('form', { name: b.card.title });
    await form.getByLabel(b.card.number).fill('4000 0000 0000 0341');
    await form.getByLabel(b.card.expiry).fill('12/34');
    await form.getByLabel(b.card.cvc).fill('123');
    await form.getByLabel(b.card.name).fill('Ada Lovelace');
    await form.getByRole('button', { name: b.card.save }).click();
    await expect(summary).toContainText('0341');

    await advance(page, 32);
    await page.reload();
    await expect(statusOf(summary, b)).toHaveText(b.statuses.past_due);
    await expect(page.locator('[data-billing-banner="pastDue"]')).toBeVisible();
    await expect(async () => {
      await page.goto(mailbox(email, locale));
      await expect(page.locator('article[data-mail-kind="billingOverdue"]').first()).toBeVisible({ timeout: 1_000 });
    }).toPass();

    await advance(page, 15);
    await billingPage(page, locale);
    await expect(statusOf(summary, b)).toHaveText(b.statuses.read_only);
    await expect(page.locator('[data-billing-banner="readOnly"]')).toBeVisible();

    await page.getByRole('button', { name: b.actions.paymentMethod }).click();
    await form.getByLabel(b.card.number).fill(CARD.card);
    await form.getByLabel(b.card.expiry).fill(CARD.expiry);
    await form.getByLabel(b.card.cvc).fill(CARD.cvc);
    await form.getByLabel(b.card.name).fill(CARD.name);
    await form.getByRole('button', { name: b.card.save }).click();
    await page.getByRole('button', { name: b.actions.pay }).click();
    await expect(statusOf(summary, b)).toHaveText(b.statuses.active);
    await page.reload();
    await expect(page.locator('[data-billing-banner]')).toHaveCount(0);
  });
}

for (const locale of localesUnderTest) {
  test(`an owner subscribes with a trial from the billing page (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = messages[locale].Shop;
    const b = messages[locale].Dashboard.billing;
    const email = uniqueEmail('subscriber');
    await signIn(page, email, locale);
    await page.goto(localized('/dashboard/billing?plan=professional&interval=month', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `${b.plans.subscribe}: Professional` }).click();
    // No billing details yet: the form asks for them first, then the checkout follows.
    const details = page.getByRole('form', { name: b.details.title });
    await expect(details.getByRole('status')).toHaveText(b.details.needed);
    await expect(details.getByLabel(b.details.name)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    for (const [field, value] of Object.entries(GERMAN_CONSUMER))
      await details.getByLabel(b.details[field as keyof typeof GERMAN_CONSUMER]).fill(value);
    await details.getByRole('button', { name: b.details.saveAndContinue }).click();

    await expect(page).toHaveURL(new RegExp(`${localized('/shop/subscribe/', locale)}cs_local_[0-9a-f]{32}$`));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: t.subscribe.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(t.checkout.card).fill('4242 4242 4242 4242');
    await page.getByLabel(t.checkout.expiry).fill('12/34');
    await page.getByLabel(t.checkout.cvc).fill('123');
    await page.getByLabel(t.checkout.name).fill('Ada Lovelace');
    await page.getByRole('button', { name: t.subscribe.startTrial }).click();

    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard/billing', locale)}$`));
    const summary = page.getByRole('region', { name: b.summary.title });
    await expect(statusOf(summary, b)).toHaveText(b.statuses.trialing);
    await expect(summary).toContainText('Professional');
    await expect(page.getByRole('region', { name: b.invoices.title })).toContainText(b.invoices.none);

    // The trial ends: the first charge, its invoice on the page and in the owner's mail.
    expect((await page.request.post('/api/test-clock/advance', { data: { days: 15 }, headers })).status()).toBe(200);
    await page.reload();
    await expect(statusOf(summary, b)).toHaveText(b.statuses.active);
    const invoices = page.getByRole('region', { name: b.invoices.title });
    const number = (await invoices.locator('tbody td').first().textContent())!;
    expect(number).toMatch(/^RE-\d{4}-\d{5}$/);
    const pdf = await page.request.get((await invoices.getByRole('link').first().getAttribute('href'))!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(await axeViolations(page)).toEqual([]);
    await expectMailed(page, email, number, locale);

    // Cancel at the period's end, then keep it after all.
    await page.goto(localized('/dashboard/billing', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: b.actions.cancel }).click();
    await page.getByRole('button', { name: b.actions.confirmCancel }).click();
    await expect(summary).toContainText(b.summary.ends);
    await page.getByRole('button', { name: b.actions.resume }).click();
    await expect(summary).toContainText(b.summary.nextCharge);
  });
}

for (const locale of localesUnderTest) {
  test(`a consumer subscribes asking to start at once, then withdraws with a refund (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // Paying without the consent is refused with a 422, which the browser logs.
    consoleErrors.allow(/status of 422 .*\/api\/checkout\/subscription\//);
    const t = messages[locale].Shop;
    const b = messages[locale].Dashboard.billing;
    const email = uniqueEmail('withdrawer');
    await signIn(page, email, locale);
    await billConsumer(page);
    await billingPage(page, locale);
    await page.getByLabel(b.plans.trial.replace('{days}', '14')).uncheck();
    await page.getByRole('button', { name: `${b.plans.subscribe}: Starter` }).click();

    await expect(page).toHaveURL(new RegExp(`${localized('/shop/subscribe/', locale)}cs_local_[0-9a-f]{32}$`));
    await page.locator('html[data-hydrated="true"]').waitFor();
    const consent = page.getByRole('checkbox', { name: t.subscribe.immediateStart });
    await expect(consent).not.toBeChecked();
    await page.getByLabel(t.checkout.card).fill(CARD.card);
    await page.getByLabel(t.checkout.expiry).fill(CARD.expiry);
    await page.getByLabel(t.checkout.cvc).fill(CARD.cvc);
    await page.getByLabel(t.checkout.name).fill(CARD.name);
    const pay = page.locator('form[aria-labelledby="payment-title"] button[type="submit"]');
    await pay.click();
    await expect(page.locator('form p[role="alert"]')).toHaveText(
      messages[locale].Api.errors.withdrawalConsentRequired,
    );
    expect(await axeViolations(page)).toEqual([]);
    await consent.check();
    await pay.click();

    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard/billing', locale)}$`));
    const summary = page.getByRole('region', { name: b.summary.title });
    await expect(statusOf(summary, b)).toHaveText(b.statuses.active);
    await expect(summary.locator(`[data-billing-row="${b.summary.withdrawUntil}"]`)).toBeVisible();
    await advance(page, 2);
    await billingPage(page, locale);
    await page.getByRole('button', { name: b.actions.withdraw }).click();
    await expect(page.getByRole('group', { name: b.actions.withdraw })).toContainText(b.withdrawQuestion);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: b.actions.confirmWithdraw }).click();

    await expect(statusOf(summary, b)).toHaveText(b.statuses.free);
    await expect(page.getByRole('button', { name: b.actions.withdraw })).toHaveCount(0);
    const invoices = page.getByRole('region', { name: b.invoices.title });
    await expect(invoices.locator('tbody tr')).toHaveCount(2);
    const note = invoices.locator('tbody tr').filter({ hasText: /GS-\d{4}-\d{5}/ });
    // Its total is negative: what is refunded.
    await expect(note.locator('td').nth(1)).toHaveText(/^[-−]/);
    const number = (await note.locator('td').first().textContent())!;
    const pdf = await page.request.get((await note.getByRole('link').getAttribute('href'))!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await expectMailed(page, email, number, locale);
  });

  test(`a business in Austria enters its billing details, pays the net price and gets it invoiced (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The refused VAT ID below is a 400 the browser logs.
    consoleErrors.allow(/status of 400 .*\/billing\/details\)$/);
    const b = messages[locale].Dashboard.billing;
    const t = messages[locale].Shop;
    await signIn(page, uniqueEmail('austria'), locale);
    await billingPage(page, locale);
    const form = page.getByRole('form', { name: b.details.title });
    await form.getByLabel(b.details.name).fill('Acme Österreich GmbH');
    await form.getByLabel(b.details.street).fill('Mariahilfer Straße 1');
    await form.getByLabel(b.details.postalCode).fill('1060');
    await form.getByLabel(b.details.city).fill('Wien');
    await form.getByLabel(b.details.country).selectOption('AT');
    await expect(form.getByLabel(b.details.vatId)).toHaveCount(0);
    await form.getByLabel(b.details.business).check();
    // A German VAT ID for an address in Austria: the server's translated word on the field.
    await form.getByLabel(b.details.vatId).fill('DE123456789');
    await form.getByRole('button', { name: b.details.save }).click();
    await expect(form.getByText(messages[locale].Api.fields.vatId)).toBeVisible();
    await form.getByLabel(b.details.vatId).fill('ATU 1234 5678');
    await form.getByRole('button', { name: b.details.save }).click();
    await expect(page.getByText(b.details.saved)).toBeVisible();

    // €19.00 listed with German VAT: this buyer pays €15.97 under reverse charge.
    const net = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(15.97);
    const starter = page.locator('li[data-plan="starter"]');
    await expect(starter).toContainText(net);
    await expect(starter).toContainText(b.plans.priceReverseCharge);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(fill(b.plans.trial, { days: 14 })).uncheck();
    await starter.getByRole('button', { name: `${b.plans.subscribe}: Starter` }).click();

    await expect(page).toHaveURL(/\/shop\/subscribe\/cs_local_[0-9a-f]{32}$/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByLabel(t.checkout.card).fill('4242 4242 4242 4242');
    await page.getByLabel(t.checkout.expiry).fill('12/34');
    await page.getByLabel(t.checkout.cvc).fill('123');
    await page.getByLabel(t.checkout.name).fill('Ada Lovelace');
    await page.getByRole('button', { name: fill(t.subscribe.subscribe, { amount: net }) }).click();

    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard/billing', locale)}$`));
    const invoices = page.getByRole('region', { name: b.invoices.title });
    await expect(invoices.locator('tbody tr')).toHaveCount(1);
    await expect(invoices.locator('tbody tr')).toContainText(net);
    const pdf = await page.request.get((await invoices.getByRole('link').first().getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    for (const line of ['Acme Österreich GmbH', 'Mariahilfer Straße 1', '1060 Wien', 'ATU12345678'])
      expect(text).toContain(line);
    expect(text).toContain(messages[locale].Invoice.notes.reverseCharge);
  });
}
