import { expect, test, type BrowserContext } from '@playwright/test';
import { messages } from './fixtures';

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected');
}

test('the language switch keeps path and query and round-trips', async ({ page, context }) => {
  await page.goto('/chat?room=lobby&x=1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const switcher = page.getByRole('navigation', { name: messages.en.LocaleSwitcher.label });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

  await switcher.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/chat\?room=lobby&x=1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Chat.title);
  expect((await localeCookie(context))?.value).toBe('de');

  await page.getByRole('navigation', { name: messages.de.LocaleSwitcher.label }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/chat\?room=lobby&x=1$/);
  await expect(page).not.toHaveURL(/\/de\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.Chat.title);
  expect((await localeCookie(context))?.value).toBe('en');
});

test('the locale cookie is written on a visit: 365 days, path /, SameSite=Lax', async ({ page, context }) => {
  const before = Date.now() / 1000;
  await page.goto('/de/login');
  const cookie = await localeCookie(context);
  expect(cookie?.value).toBe('de');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.secure).toBe(false);
  expect(cookie!.expires - before).toBeGreaterThan(364 * 86400);
  expect(cookie!.expires - before).toBeLessThan(366 * 86400);
});

test('a visitor with a saved de who opens / lands on /de', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Home.hero.title);
});

test.describe('a browser that prefers German', () => {
  test.use({ locale: 'de-DE' });
  test('is sent to the German page on its first visit', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/de\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Auth.signup.title);
  });
});

test('route rules redirect inside the locale and to external sites', async ({ request }) => {
  const internal = await request.get('/de/register?plan=starter', { maxRedirects: 0 });
  expect(internal.status()).toBe(308);
  expect(internal.headers().location).toMatch(/\/de\/signup\?plan=starter$/);
  const external = await request.get('/legal/stripe', { maxRedirects: 0 });
  expect(external.status()).toBe(307);
  expect(external.headers().location).toBe('https://stripe.com/legal/ssa');
});
