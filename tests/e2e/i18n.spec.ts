import type { BrowserContext } from '@playwright/test';
import { expect, test, messages, localesUnderTest, localized, routes } from './fixtures';

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
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('de');

  await page
    .getByRole('navigation', { name: messages.de.LocaleSwitcher.label })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/chat\?room=lobby&x=1$/);
  await expect(page).not.toHaveURL(/\/de\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.Chat.title);
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('en');
});

// Crawlers often send no Accept-Language. Prerendered English pages are rendered under their internal
// `/en/…` route; the switch must still link to the page's own addresses.
test.describe('the language switch in the served HTML, without Accept-Language', () => {
  const pages = [
    ...routes.filter((route) => route.public).map((route) => route.path),
    '/shop/professional',
    '/imprint',
    '/privacy',
    '/terms',
    '/no-such-page',
  ];
  for (const locale of localesUnderTest) {
    test(`links every page to itself in English and German (${locale})`, async ({ playwright, baseURL }) => {
      const crawler = await playwright.request.newContext({ baseURL });
      try {
        for (const path of pages.map((page) => localized(page, locale))) {
          const own = localized(path.replace(/^\/de(?=\/|$)/, '') || '/', 'en');
          // A request with a query first: a page Next renders for it (or stores from it) names no query.
          for (const address of [`${path}?utm_source=crawler`, path]) {
            const response = await crawler.get(address, { maxRedirects: 0 });
            expect(response.headers()['content-type'], address).toContain('text/html');
            const html = await response.text();
            const links = Object.fromEntries(
              [...html.matchAll(/<a hrefLang="(en|de)"[^>]*? href="([^"]*)"/g)].map(([, lang, href]) => [lang, href]),
            );
            expect({ address, links }).toEqual({ address, links: { en: own, de: localized(own, 'de') } });
          }
        }
      } finally {
        await crawler.dispose();
      }
    });
  }
});

// The remembered language moves a page opened afresh (spec §2, §3), never one the visitor goes back to:
// Back after a switch shows the page in the language it had, and that language is remembered from then on.
for (const locale of localesUnderTest) {
  const other = locale === 'en' ? 'de' : 'en';
  for (const path of ['/', '/chat']) {
    test(`Back after switching from ${locale} to ${other} on ${path} shows the ${locale} page and stays there`, async ({
      page,
      context,
    }) => {
      const start = localized(path, locale);
      const switched = localized(path, other);
      const own = new RegExp(`^[^?#]*://[^/]+${start}$`);
      await page.goto(start);
      await page.locator('html[data-hydrated="true"]').waitFor();
      await page
        .getByRole('navigation', { name: messages[locale].LocaleSwitcher.label })
        .getByRole('link', { name: messages[other].LocaleSwitcher.names[other] })
        .click();
      await expect(page).toHaveURL(new RegExp(`^[^?#]*://[^/]+${switched}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect.poll(async () => (await localeCookie(context))?.value).toBe(other);

      await page.goBack();
      await expect(page).toHaveURL(own);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // Remembered once the page has started: no move to the other language can follow.
      await expect.poll(async () => (await localeCookie(context))?.value).toBe(locale);
      await expect(page).toHaveURL(own);
      await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText(
        path === '/' ? messages[locale].Home.hero.title : messages[locale].Chat.title,
      );
      // A reload is a fresh visit in the remembered language: still this page.
      await page.reload();
      await page.locator('html[data-hydrated="true"]').waitFor();
      await expect.poll(async () => (await localeCookie(context))?.value).toBe(locale);
      await expect(page).toHaveURL(own);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });
  }
}

test('Back to an English document after a German one loaded on its own keeps English', async ({ page, context }) => {
  await page.goto('/chat');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page
    .getByRole('navigation', { name: messages.en.LocaleSwitcher.label })
    .getByRole('link', { name: 'Deutsch' })
    .click();
  await expect(page).toHaveURL(/\/de\/chat$/);
  // The German page becomes a document of its own, so Back loads the English one as a document too.
  await page.reload();
  await page.locator('html[lang="de"][data-hydrated="true"]').waitFor();
  await page.goBack();
  await expect(page).toHaveURL(/:\/\/[^/]+\/chat$/);
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('en');
  await expect(page).toHaveURL(/:\/\/[^/]+\/chat$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the locale cookie is written on a visit: 365 days, path /, SameSite=Lax', async ({ page, context }) => {
  const before = Date.now() / 1000;
  await page.goto('/de/login');
  // The browser writes it (a page's answer sets no cookie, so a CDN may keep it).
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  // A cookie the page writes reaches the browser's cookie store (which `context.cookies()` reads) a moment later.
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('de');
  const cookie = await localeCookie(context);
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

test('the saved language is restored from local storage at start (spec §3)', async ({ page, context }) => {
  await page.addInitScript(() => {
    if (!document.cookie.includes('i18n_redirected=')) localStorage.setItem('i18n_redirected', 'de');
  });
  await page.goto('/chat?room=lobby');
  await expect(page).toHaveURL(/\/de\/chat\?room=lobby$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Chat.title);
  await expect.poll(async () => (await localeCookie(context))?.value).toBe('de');
  // The German page as a document of its own: its language, and one title and description (a client-side
  // navigation left the English page's beside them).
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page).toHaveTitle(`${messages.de.Metadata.chat.title} · Plauder`);
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

test.describe('the landing pages (answered without the proxy)', () => {
  test('a first visit to / from a German browser lands on /de', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers().location, 'http://x').pathname).toBe('/de');
  });

  test('a browser that prefers English but knows German stays on /', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<html lang="en"');
  });

  test('/ depends on the cookie and Accept-Language, so no shared cache keeps it; no page answer sets a cookie', async ({
    request,
  }) => {
    const english = await request.get('/', { headers: { 'sec-fetch-dest': 'document' }, maxRedirects: 0 });
    expect(english.headers()['cache-control']).toBe('private, no-cache');
    const negotiated = await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' }, maxRedirects: 0 });
    expect(negotiated.status()).toBe(307);
    expect(negotiated.headers()['vary']).toBe('Cookie, Accept-Language');
    expect(negotiated.headers()['cache-control']).toBe('private, no-cache');
    // A redirect for a saved German carries no freshness: a 307 is never stored without it.
    const saved = await request.get('/', { headers: { cookie: 'i18n_redirected=de' }, maxRedirects: 0 });
    expect(saved.status()).toBe(307);
    expect(saved.headers()['cache-control']).toBeUndefined();
    for (const response of [english, negotiated, saved]) expect(response.headers()['set-cookie']).toBeUndefined();
    for (const path of ['/de', '/shop/starter', '/de/login']) {
      const response = await request.get(path, { headers: { 'sec-fetch-dest': 'document' }, maxRedirects: 0 });
      expect([path, response.status(), response.headers()['set-cookie']]).toEqual([path, 200, undefined]);
    }
  });

  test('a saved en keeps / in English even for a German browser', async ({ request }) => {
    const response = await request.get('/', {
      headers: { cookie: 'i18n_redirected=en', 'accept-language': 'de-DE,de;q=0.9' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<html lang="en"');
  });
});
