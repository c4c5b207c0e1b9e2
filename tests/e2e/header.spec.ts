import type { Page } from '@playwright/test';
import { expect, test, axeViolations, localized, localesUnderTest, messages, type Locale } from './fixtures';
import { signIn } from './auth';
import { baseURL } from '../../playwright.config';

// The header and footer of every page know who is signed in, from the first paint: prerendered pages
// carry both variants and the head script picks one (issue 15, point 1). At 390 px the header has a
// menu button and the dashboard navigation shows every entry (point 10).

/** What the header and footer offer, as a sighted visitor sees it. */
async function expectChrome(page: Page, locale: Locale, signedIn: boolean) {
  const m = messages[locale];
  const header = page.getByRole('navigation', { name: m.Nav.main });
  const footer = page.getByRole('navigation', { name: m.Footer.label });
  const [shown, hidden] = signedIn ? [m.Nav.signOut, m.Nav.signIn] : [m.Nav.signIn, m.Nav.signOut];
  await expect(header.getByText(shown, { exact: true })).toBeVisible();
  await expect(header.getByText(hidden, { exact: true })).toBeHidden();
  await expect(footer.getByRole('link', { name: m.Footer.signup })).toBeVisible({ visible: !signedIn });
  await expect(footer.getByRole('link', { name: m.Footer.dashboard })).toBeVisible({ visible: signedIn });
}

/** The page as it is before any of its JavaScript files ran (they are refused): the HTML and its head script. */
async function openWithoutBundles(page: Page, path: string) {
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(path);
  await page.unroute('**/_next/static/**/*.js');
}

for (const locale of localesUnderTest) {
  const m = messages[locale];

  test(`signed out, the header offers sign-in and the footer an account (${locale})`, async ({ page }) => {
    for (const path of ['/', '/chat', '/shop/starter']) {
      await page.goto(localized(path, locale));
      await expectChrome(page, locale, false);
    }
  });

  test(`signed in, every page's header and footer say so from the first paint (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    // The JavaScript refused below, on purpose.
    consoleErrors.allow(/net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/_next\/static\//);
    await signIn(page, undefined, locale);
    await expectChrome(page, locale, true);
    for (const path of ['/', '/chat', '/shop/starter', '/dashboard/settings']) {
      await page.goto(localized(path, locale));
      await expectChrome(page, locale, true);
    }
    // Prerendered pages stay prerendered: the same cached answer for everybody.
    const landing = await page.request.get(localized('/', locale));
    expect(landing.headers()['x-nextjs-cache']).toBe('HIT');
    expect(landing.headers()['set-cookie']).toBeUndefined();
    // Before React runs: the prerendered landing page and a product page already show the signed-in links.
    for (const path of ['/', '/shop/professional']) {
      await openWithoutBundles(page, localized(path, locale));
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
      await expectChrome(page, locale, true);
    }
  });

  test(`sign out from the header of a prerendered page (${locale})`, async ({ page, context }) => {
    await signIn(page, undefined, locale);
    await page.goto(localized('/', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('navigation', { name: m.Nav.main }).getByRole('button', { name: m.Nav.signOut }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/login', locale)}$`));
    await expectChrome(page, locale, false);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__session');
    await page.goto(localized('/dashboard', locale));
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test(`a session that ended no longer shows as signed in (${locale})`, async ({ page, context, playwright }) => {
    // Off the dashboard first: its event stream, refused once the session ends, would reload the page over the
    // test's own navigation (net::ERR_ABORTED).
    const leaveDashboard = () => page.goto('about:blank');
    await signIn(page, undefined, locale);
    await leaveDashboard();
    // Revoked at the data (a sign-out with a copy of the cookie, as a password change elsewhere does):
    // the cookie still unseals, the dashboard refuses it, and the login page drops the hint.
    const copy = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: await context.cookies(), origins: [] },
    });
    expect((await copy.delete('/api/session', { headers: { origin: baseURL } })).status()).toBe(200);
    await copy.dispose();
    await page.goto(localized('/dashboard', locale));
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expectChrome(page, locale, false);
    await page.goto(localized('/', locale));
    await expectChrome(page, locale, false);

    // Gone altogether (expired): the guard sends the browser to the login page without the hint.
    await signIn(page, undefined, locale);
    await leaveDashboard();
    await context.clearCookies({ name: '__session' });
    await page.goto(localized('/dashboard/tickets', locale));
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('signed_in');
    await expectChrome(page, locale, false);
  });

  test.describe(`at 390 px (${locale})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    /** No part of the page reaches beyond the viewport's width. */
    async function expectNoSidewaysScroll(page: Page) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }

    test('the header is one row with a menu button that discloses the links', async ({ page }) => {
      await page.goto(localized('/', locale));
      await page.locator('html[data-hydrated="true"]').waitFor();
      const menu = page.getByRole('button', { name: m.Nav.menu });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      const links = page.getByRole('navigation', { name: m.Nav.main });
      await expect(links).toBeHidden();
      const header = (await page.locator('header').boundingBox())!;
      expect(header.height).toBeLessThan(80);
      await expectNoSidewaysScroll(page);

      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      for (const name of [m.Nav.plans, m.Nav.chat, m.Nav.dashboard, m.Nav.signIn])
        await expect(links.getByRole('link', { name })).toBeInViewport();
      await expect(page.getByRole('navigation', { name: m.LocaleSwitcher.label })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await menu.click();
      await links.getByRole('link', { name: m.Nav.chat }).click();
      await expect(page).toHaveURL(new RegExp(`${localized('/chat', locale)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Chat.title);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });

    test('the dashboard navigation shows every entry', async ({ page }) => {
      await signIn(page, undefined, locale);
      await page.locator('html[data-hydrated="true"]').waitFor();
      const nav = page.getByRole('navigation', { name: m.Dashboard.navLabel });
      const entries = nav.getByRole('link');
      await expect(entries).toHaveCount(11);
      for (const key of [
        'overview',
        'inbox',
        'reports',
        'profile',
        'settings',
        'tickets',
        'feedback',
        'widgets',
        'members',
        'billing',
        'orders',
      ] as const) {
        // The inbox's link also names its unread count when there is one.
        const entry = nav.getByRole('link', { name: m.Dashboard.nav[key], exact: key !== 'inbox' });
        await expect(entry).toBeInViewport({ ratio: 1 });
      }
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await nav.getByRole('link', { name: m.Dashboard.nav.widgets }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Dashboard.widgets.title);
    });
  });
}
