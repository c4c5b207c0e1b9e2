import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { localesUnderTest, localized, routes } from './fixtures';

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
