import { expect, test, localized, localesUnderTest, messages, openHydrated } from './fixtures';

const unknown = [
  { path: '/no-such-page', locale: 'en' as const },
  { path: '/de/gibt-es-nicht', locale: 'de' as const },
  { path: '/fr/chat', locale: 'en' as const },
  { path: '/missing-file.txt', locale: 'en' as const },
];

for (const { path, locale } of unknown) {
  test(`${path} answers 404 and shows the requested path`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // The specification's sentence (`Page Not Found: {path}`) in the served HTML, as one text.
    const sentence = messages[locale].Errors.notFound.message.replace('{path}', path);
    expect(await response?.text()).toContain(`>${sentence}<`);
    await expect(page.getByText(sentence, { exact: true })).toBeVisible();
    await expect(page.getByText(messages[locale].Errors.notFound.hint)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].Errors.notFound.title);
  });
}

for (const locale of localesUnderTest) {
  test(`the 404 page shows a requested path with markup in it as text (${locale})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    const path = localized('/%3Cimg%20src=x%20onerror=alert(1)%3E', locale);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('<img src=x');
    const shown = messages[locale].Errors.notFound.message.replace('{path}', decodeURI(path));
    expect(html).toContain(shown.replace('<', '&lt;').replace('>', '&gt;'));
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await expect(page.locator('main img')).toHaveCount(0);
  });
}

test('unknown sitemaps are 404', async ({ request }) => {
  for (const path of ['/fr-sitemap.xml', '/sitemap-2.xml', '/de/sitemap.xml']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('hostile or odd query strings never cause a server error', async ({ request }) => {
  const queries = [
    '?lang=de',
    '?lang=fr&redirect=//evil.example',
    '?redirect=https%3A%2F%2Fevil.example',
    '?redirect=javascript:alert(1)',
    '?%E0%A4%A=1',
    '?a[b]=1&a[c]=2',
    `?x=${'a'.repeat(4000)}`,
  ];
  for (const path of ['/', '/de', '/login', '/de/dashboard', '/chat', '/shop/success', '/test']) {
    for (const query of queries) {
      const response = await request.get(path + query, { maxRedirects: 0 });
      expect(response.status(), path + query).toBeLessThan(500);
    }
  }
});

test('an uncaught error shows its message in an error toast', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/^uncaught Error: The widget could not be saved$/);
  await openHydrated(page, '/sample');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('The widget could not be saved');
    });
  });
  const toast = page.locator('[data-toast-type="error"]', { hasText: 'The widget could not be saved' });
  await expect(toast).toBeVisible();
});

test('an unhandled rejection without a message shows the translated general error', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/^uncaught /);
  await openHydrated(page, '/de/sample');
  await page.evaluate(() => {
    void Promise.reject(undefined);
  });
  await expect(page.locator('[data-toast-type="error"]', { hasText: messages.de.App.errors.general })).toBeVisible();
});

// A render that fails on the server (issue 21, point 3): React renders no error boundary there, so Next
// alone would answer 500 with an empty document. The page's text is in the served HTML, in the page's
// language. TEST_FAULTS (playwright.config.ts) lets the x-test-fault header fail the page's render or the
// locale layout's (the document's own, where app/global-error.tsx would show in the browser).
const REFERENCE = (m: (typeof messages)['en']) =>
  new RegExp(`^${m.Errors.reference.replace('{digest}', '[0-9a-f]{8}')}$`);

for (const locale of localesUnderTest) {
  const m = messages[locale];
  const path = localized('/test', locale);

  test.describe(`a failed render without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    // Every page rendered per request is wrapped: the test page, and the chat, checkout and receipt pages.
    const pages = [
      path,
      ...['/chat', '/shop/success?order=none', `/shop/checkout/cs_local_${'0'.repeat(32)}`].map((p) =>
        localized(p, locale),
      ),
    ];
    for (const [point, target] of [...pages.map((p) => ['page', p] as const), ['layout', path] as const]) {
      test(`a failing ${point} (${target}) answers 500 with the error page's heading, message and links in the served HTML`, async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 500 \(Internal Server Error\)/);
        await page.setExtraHTTPHeaders({ 'x-test-fault': point });
        const response = await page.goto(target);
        expect(response?.status()).toBe(500);
        const main = page.locator('main');
        await expect(main).toHaveAttribute('lang', locale);
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(m.Errors.serverError.title);
        await expect(main.getByText(m.Errors.serverError.message)).toBeVisible();
        await expect(main.getByText(REFERENCE(m))).toBeVisible();
        await expect(main.getByRole('link', { name: m.Errors.retry })).toHaveAttribute('href', target);
        await expect(main.getByRole('link', { name: m.Errors.home })).toHaveAttribute('href', localized('/', locale));
      });
    }
  });

  test(`with JavaScript, a failed page render shows the error page in the site's frame, and trying again loads the page (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500 \(Internal Server Error\)/);
    // The page's own document request fails; its scripts and the next visit do not.
    await page.route(`**${path}`, (route, request) =>
      route.fallback({ headers: { ...request.headers(), 'x-test-fault': 'page' } }),
    );
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(500);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('navigation', { name: m.Nav.main })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Errors.serverError.title);
    await expect(page.getByText(m.Errors.serverError.message)).toHaveCount(1);
    await page.unroute(`**${path}`);
    await page.getByRole('link', { name: m.Errors.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Test.title);
  });
}
