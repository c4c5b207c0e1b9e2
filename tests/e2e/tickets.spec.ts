import type { Page } from '@playwright/test';
import { expect, test, messages, type Locale } from './fixtures';
import { createAccount, grantAdmin, signIn, signInThroughForm } from './auth';

const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');

async function openTicket(page: Page, locale: Locale, subject: string) {
  const m = messages[locale].Dashboard.tickets;
  await page.goto(`${prefix(locale)}/dashboard/tickets`);
  await page.locator('html[data-hydrated]').waitFor();
  const form = page.getByRole('form', { name: m.create.title });
  await form.getByLabel(m.create.subject).fill(subject);
  await form.getByLabel(m.create.category).selectOption('technical');
  await form.getByLabel(m.create.message).fill('The widget does not show up on my shop page since yesterday.');
  await form.getByRole('button', { name: m.create.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  return page.url();
}

for (const locale of ['en', 'de'] as const) {
  const m = messages[locale].Dashboard.tickets;

  test(`create a ticket and find it in the list (${locale})`, async ({ page }) => {
    await signIn(page);
    const subject = `Widget missing ${Date.now()}`;
    await openTicket(page, locale, subject);
    await expect(page.locator('[data-toast-type="success"]', { hasText: m.create.created })).toBeVisible();
    await expect(page.getByRole('main').locator('[data-status]')).toHaveText(m.status.open);

    await page.goto(`${prefix(locale)}/dashboard/tickets?status=open`);
    const list = page.getByRole('list', { name: m.list.title });
    await expect(list.getByRole('link', { name: subject })).toBeVisible();
    await page.getByRole('navigation', { name: m.filter.label }).getByRole('link', { name: m.status.closed }).click();
    await expect(page.getByRole('main')).toContainText(m.list.emptyFiltered);
  });

  test(`support answers: the customer sees the reply and the answered status (${locale})`, async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const subject = `Billing question ${Date.now()}`;
    const ticketUrl = await openTicket(page, locale, subject);

    const staff = await createAccount(page.request);
    await grantAdmin(page.request, staff.uid);
    const staffContext = await browser.newContext();
    const desk = await staffContext.newPage();
    await signInThroughForm(desk, staff);
    await desk.goto(`${prefix(locale)}/dashboard/admin?status=open`);
    await desk.getByRole('link', { name: subject }).click();
    const reply = desk.getByRole('form', { name: m.detail.replyTitle });
    await reply.getByLabel(m.detail.message).fill('Please clear the cache of your shop; the widget will then appear.');
    await reply.getByRole('button', { name: m.detail.send }).click();
    await expect(desk.getByRole('main').locator('[data-status]')).toHaveText(m.status.answered);
    await staffContext.close();

    await page.goto(ticketUrl);
    await expect(page.getByRole('main').locator('[data-status]')).toHaveText(m.status.answered);
    const thread = page.getByRole('region', { name: m.detail.thread });
    await expect(thread).toContainText(m.detail.support);
    await expect(thread).toContainText('Please clear the cache of your shop');
  });
}

test('another user’s ticket is a 404, and the support desk too', async ({ page, browser, consoleErrors }) => {
  consoleErrors.allow(
    /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/dashboard\/(tickets\/[0-9a-f-]{36}|admin)\)$/,
  );
  await signIn(page);
  const ticketUrl = await openTicket(page, 'en', `Private ${Date.now()}`);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other);
  const response = await other.goto(ticketUrl);
  expect(response?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1 })).toContainText(messages.en.Errors.notFound.title);
  expect((await other.goto('/dashboard/admin'))?.status()).toBe(404);
  await otherContext.close();
});

test('a ticket with HTML in it shows the text, runs nothing', async ({ page }) => {
  await signIn(page);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const subject = '<img src=x onerror=alert(1)> help';
  await openTicket(page, 'en', subject);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
  expect(dialogs).toBe(0);
});

test('too short a subject is named in the form, in German', async ({ page, consoleErrors }) => {
  // The server judges the fields and answers 400 with a sentence per field.
  consoleErrors.allow(/status of 400 .*\/api\/tickets\)$/);
  const m = messages.de.Dashboard.tickets;
  await signIn(page);
  await page.goto('/de/dashboard/tickets');
  await page.locator('html[data-hydrated]').waitFor();
  const form = page.getByRole('form', { name: m.create.title });
  await form.getByLabel(m.create.subject).fill('Hi');
  await form.getByLabel(m.create.message).fill('kurz');
  await form.getByRole('button', { name: m.create.submit }).click();
  await expect(form.getByText('Bitte geben Sie mindestens 3 Zeichen ein.')).toBeVisible();
  await expect(form.getByText('Bitte geben Sie mindestens 10 Zeichen ein.')).toBeVisible();
  await expect(form.getByLabel(m.create.subject)).toHaveAttribute('aria-invalid', 'true');
});

for (const locale of ['en', 'de'] as const) {
  test(`feedback: thanks, and it is listed (${locale})`, async ({ page }) => {
    const m = messages[locale].Dashboard.feedback;
    await signIn(page);
    await page.goto(`${prefix(locale)}/dashboard/feedback`);
    await page.locator('html[data-hydrated]').waitFor();
    const form = page.getByRole('form', { name: m.form.title });
    await form.getByRole('radio').nth(3).check();
    await form.getByLabel(m.form.category).selectOption('widget');
    await form.getByLabel(m.form.message).fill('The widget colours are lovely.');
    await form.getByRole('button', { name: m.form.submit }).click();
    await expect(page.locator('[data-toast-type="success"]', { hasText: m.form.thanks })).toBeVisible();
    const history = page.getByRole('region', { name: m.history.title });
    await expect(history).toContainText('The widget colours are lovely.');
    await expect(history).toContainText(m.categories.widget);
  });
}
