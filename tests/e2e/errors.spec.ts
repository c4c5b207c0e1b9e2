import { expect, test, messages, openHydrated } from './fixtures';

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
    const [before, after] = messages[locale].Errors.notFound.message.split('<path></path>');
    await expect(page.getByText(`${before}${path}${after}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].Errors.notFound.title);
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
