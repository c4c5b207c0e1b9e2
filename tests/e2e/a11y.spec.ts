import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { localesUnderTest, localized, routes } from './fixtures';
import { baseURL } from '../../playwright.config';
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

// One test per page (axe takes a few seconds each); every page is visited as support staff, so that the
// support desk is included, with a ticket to show.
for (const path of ['/de/dashboard', '/de/dashboard/tickets', 'ticket', '/de/dashboard/feedback', '/de/dashboard/profile', '/de/dashboard/settings', '/de/dashboard/admin']) {
  test(`signed in: ${path === 'ticket' ? 'a ticket page' : path} has no serious or critical accessibility violations`, async ({ page }) => {
    const account = await createAccount(page.request);
    await grantAdmin(page.request, account.uid);
    await signInThroughForm(page, account);
    const created = await page.request.post('/api/tickets', {
      headers: { origin: baseURL },
      data: { subject: 'Barrierefreiheit prüfen', category: 'technical', message: 'Bitte prüfen Sie die Seite mit einem Screenreader.' },
    });
    expect(created.status()).toBe(201);
    const { ticket } = await created.json();
    await page.goto(path === 'ticket' ? `/de/dashboard/tickets/${ticket.id}` : path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
