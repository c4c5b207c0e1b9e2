import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { localesUnderTest, localized, messages, routes } from './fixtures';
import { createAccount, grantAdmin, signInThroughForm } from './auth';

for (const locale of localesUnderTest) {
  for (const route of routes.filter((r) => r.public)) {
    const path = localized(route.path, locale);
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test('the 404 page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/de/nicht-da');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('the local mailbox has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/de/mailbox');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('the signed-in dashboard pages have no serious or critical accessibility violations', async ({ page }) => {
  const account = await createAccount(page.request);
  await grantAdmin(page.request, account.uid);
  await signInThroughForm(page, account);
  await page.goto('/de/dashboard/tickets');
  await page.locator('html[data-hydrated]').waitFor();
  const form = page.getByRole('form', { name: messages.de.Dashboard.tickets.create.title });
  await form.getByLabel(messages.de.Dashboard.tickets.create.subject).fill('Barrierefreiheit prüfen');
  await form.getByLabel(messages.de.Dashboard.tickets.create.message).fill('Bitte prüfen Sie die Seite mit einem Screenreader.');
  await form.getByRole('button', { name: messages.de.Dashboard.tickets.create.submit }).click();
  await expect(page).toHaveURL(/\/de\/dashboard\/tickets\/[0-9a-f-]{36}$/);
  const detail = new URL(page.url()).pathname;
  for (const path of ['/de/dashboard', '/de/dashboard/tickets', detail, '/de/dashboard/feedback', '/de/dashboard/profile', '/de/dashboard/settings', '/de/dashboard/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
