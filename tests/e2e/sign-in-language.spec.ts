import { expect, test, localized, messages, type Locale } from './fixtures';
import { startApiSession } from './auth';
import { baseURL } from '../../playwright.config';

// The language saved in the dashboard settings applies when the user signs in on a new device (issue
// 15, point 3): the sign-in lands on the dashboard in that language, and the browser remembers it.

const pairs: Array<{ saved: Locale; page: Locale }> = [
  { saved: 'de', page: 'en' },
  { saved: 'en', page: 'de' },
];

for (const { saved, page: pageLocale } of pairs) {
  test(`saved ${saved}, signed in on a new device from the ${pageLocale} login page`, async ({
    page,
    context,
    playwright,
  }) => {
    // Another device: the account's settings are saved there, with its own session.
    const device = await playwright.request.newContext({ baseURL });
    const account = await startApiSession(device);
    const settings = {
      locale: saved,
      theme: 'system',
      notifyTicketReplies: true,
      notifyOrderUpdates: true,
      alertSound: true,
      emailAlerts: 'now',
      alertScope: 'mineAndUnassigned',
    };
    expect((await device.put('/api/settings', { headers: { origin: baseURL }, data: settings })).status()).toBe(200);
    await device.dispose();

    const { login, fields } = messages[pageLocale].Auth;
    await page.goto(localized('/login', pageLocale));
    const form = page.getByRole('form', { name: login.title });
    await form.getByLabel(fields.email).fill(account.email);
    await form.getByLabel(fields.password).fill(account.password);
    await form.getByRole('button', { name: login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${localized('/dashboard', saved)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', saved);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[saved].Dashboard.overview.title);
    // Remembered as the spec's language state: the cookie and local storage.
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe(saved);
    expect(await page.evaluate(() => localStorage.getItem('i18n_redirected'))).toBe(saved);
    await page.goto('/chat');
    await expect(page).toHaveURL(new RegExp(`${localized('/chat', saved)}$`));
  });
}

test('a redirect after sign-in keeps its page, in the saved language', async ({ page, playwright }) => {
  const device = await playwright.request.newContext({ baseURL });
  const account = await startApiSession(device);
  const settings = {
    locale: 'de',
    theme: 'dark',
    notifyTicketReplies: true,
    notifyOrderUpdates: true,
    alertSound: true,
    emailAlerts: 'now',
    alertScope: 'mineAndUnassigned',
  };
  expect((await device.put('/api/settings', { headers: { origin: baseURL }, data: settings })).status()).toBe(200);
  await device.dispose();

  await page.goto('/dashboard/tickets?tab=open');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Ftickets%3Ftab%3Dopen$/);
  const form = page.getByRole('form', { name: messages.en.Auth.login.title });
  await form.getByLabel(messages.en.Auth.fields.email).fill(account.email);
  await form.getByLabel(messages.en.Auth.fields.password).fill(account.password);
  await form.getByRole('button', { name: messages.en.Auth.login.submit }).click();
  await expect(page).toHaveURL(/\/de\/dashboard\/tickets\?tab=open$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Dashboard.tickets.title);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
