// Subscribing in local mode (issue 38), in both languages, from the billing page the storefront's plan buttons
// lead to: the plan with a trial through the subscription's test checkout, back on the billing page; the test
// clock ends the trial with the first charge, whose invoice the page lists and /mailbox shows with its PDF;
// cancelling at the period's end and resuming from the page. axe on the checkout and the billing page.
import { baseURL } from '../../playwright.config';
import { expect, test, axeViolations, localized, localesUnderTest, messages } from './fixtures';
import { signIn, uniqueEmail } from './auth';

const headers = { origin: baseURL };

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
    await expect(summary).toContainText(b.statuses.trialing);
    await expect(summary).toContainText('Professional');
    await expect(page.getByRole('region', { name: b.invoices.title })).toContainText(b.invoices.none);

    // The trial ends: the first charge, its invoice on the page and in the owner's mail.
    expect((await page.request.post('/api/test-clock/advance', { data: { days: 15 }, headers })).status()).toBe(200);
    await page.reload();
    await expect(summary).toContainText(b.statuses.active);
    const invoices = page.getByRole('region', { name: b.invoices.title });
    const number = (await invoices.locator('tbody td').first().textContent())!;
    expect(number).toMatch(/^RE-\d{4}-\d{5}$/);
    const pdf = await page.request.get((await invoices.getByRole('link').first().getAttribute('href'))!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(await axeViolations(page)).toEqual([]);
    const mail = page.locator('article[data-mail-kind="invoice"]').filter({ hasText: number });
    await expect(async () => {
      await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
      await expect(mail).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(mail.getByRole('link', { name: new RegExp(`${number}\\.pdf`) })).toBeVisible();

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
