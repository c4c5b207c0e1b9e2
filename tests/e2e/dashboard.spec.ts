import AxeBuilder from '@axe-core/playwright';
import { expect, test, messages } from './fixtures';
import { signIn } from './auth';

test('overview: greeting, unverified banner with resend, counts and the latest activity', async ({ page }) => {
  const m = messages.en.Dashboard;
  const account = await signIn(page);
  await page.goto('/dashboard');
  await page.locator('html[data-hydrated]').waitFor();
  await expect(page.getByText(m.overview.greeting.replace('{name}', account.email))).toBeVisible();
  const banner = page.getByRole('region', { name: m.overview.unverified.title });
  await banner.getByRole('button', { name: messages.en.Auth.verify.resend }).click();
  await expect(banner.getByRole('status')).toHaveText(messages.en.Auth.verify.resent);
  await expect(page.getByTestId('open-tickets')).toHaveText('0');
  await expect(page.getByTestId('orders')).toHaveText('0');
  await expect(page.getByRole('region', { name: m.overview.activity })).toContainText(m.overview.noActivity);

  await page.goto('/dashboard/tickets');
  await page.locator('html[data-hydrated]').waitFor();
  const form = page.getByRole('form', { name: m.tickets.create.title });
  await form.getByLabel(m.tickets.create.subject).fill('Invoice address');
  await form.getByLabel(m.tickets.create.message).fill('Please change the address on my last invoice.');
  await form.getByRole('button', { name: m.tickets.create.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice address' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByTestId('open-tickets')).toHaveText('1');
  const activity = page.getByRole('region', { name: m.overview.activity });
  await expect(
    activity.getByRole('link', { name: m.overview.activityKinds.ticketOpened.replace('{subject}', 'Invoice address') }),
  ).toBeVisible();
});

test('settings: the language switches the interface and is remembered; the theme applies before the first paint', async ({
  page,
  context,
}) => {
  const en = messages.en.Dashboard.settings;
  const de = messages.de.Dashboard.settings;
  await signIn(page);
  await page.goto('/dashboard/settings');
  await page.locator('html[data-hydrated]').waitFor();
  await page.getByLabel(en.language.label).selectOption('de');
  await page.getByLabel(en.theme.options.dark).check();
  await page.getByLabel(en.notifications.ticketReplies).uncheck();
  await page.getByRole('button', { name: en.save }).click();
  await expect(page).toHaveURL(/\/de\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.title);
  await expect(page.locator('[data-toast-type="success"]', { hasText: de.saved })).toBeVisible();
  await expect(page.getByLabel(de.notifications.ticketReplies)).not.toBeChecked();
  await expect(page.getByLabel(de.notifications.orderUpdates)).toBeChecked();
  await expect(page.getByLabel(de.theme.options.dark)).toBeChecked();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('de');

  // The landing page is static: the head script applies the theme before anything is painted.
  const themeAtFirstScript = page.waitForEvent('console', (msg) => msg.text().startsWith('theme-at-body:'));
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') console.log(`theme-at-body:${document.documentElement.dataset.theme}`);
    });
  });
  await page.goto('/');
  expect((await themeAtFirstScript).text()).toBe('theme-at-body:dark');
  await expect(page).toHaveURL(/\/de$/);

  await page.goto('/de/dashboard/settings');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
