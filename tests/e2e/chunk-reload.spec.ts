import type { Page } from '@playwright/test';
import { expect, test, localized, localesUnderTest, messages, openHydrated } from './fixtures';

// A deployment replaces the build's files: a page opened before it fails to load the chunks of the
// next page. The route's error boundary then reloads the page, at most once per 10 s for that path
// (spec §4, §9; issue 15, point 2).

/** From now on, every JavaScript file not loaded yet fails, as after a deployment; `until` a document load. */
async function failNewChunks(page: Page, { untilDocumentLoad }: { untilDocumentLoad: boolean }) {
  let failing = true;
  // The page's own document: the landing page's chat widget loads its frame's document at an idle moment.
  if (untilDocumentLoad)
    page.on(
      'request',
      (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && (failing = false),
    );
  await page.route('**/_next/static/**/*.js', (route) => (failing ? route.abort() : route.fallback()));
}

for (const locale of localesUnderTest) {
  const m = messages[locale];
  const chat = localized('/chat', locale);

  test(`a chunk that fails after a deployment reloads the page once (${locale})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(
      /net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/_next\/static\//,
      /ChunkLoadError|Failed to load chunk/,
    );
    await openHydrated(page, localized('/', locale));
    await failNewChunks(page, { untilDocumentLoad: true });
    const reload = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === chat,
    );
    await page.getByRole('navigation', { name: m.Nav.main }).getByRole('link', { name: m.Nav.chat }).click();
    await reload;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Chat.title);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByText(m.Errors.serverError.title)).toHaveCount(0);
    expect(await page.evaluate((path) => sessionStorage.getItem(`chunk-reload:${path}`), chat)).toMatch(/^\d+$/);
  });

  test(`a second chunk failure within 10 s shows the error page instead of reloading again (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/_next\/static\//,
      /ChunkLoadError|Failed to load chunk/,
    );
    await openHydrated(page, localized('/', locale));
    // The guard's record of a reload of this path a moment ago.
    await page.evaluate((path) => sessionStorage.setItem(`chunk-reload:${path}`, String(Date.now() - 2_000)), chat);
    await failNewChunks(page, { untilDocumentLoad: false });
    let reloaded = false;
    // The page's own document only: the support widget's frame (loaded once the page is interactive) is a
    // navigation too, and once counted as a reload in CI.
    page.on(
      'request',
      (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && (reloaded = true),
    );
    await page.getByRole('navigation', { name: m.Nav.main }).getByRole('link', { name: m.Nav.chat }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Errors.serverError.title);
    expect(reloaded).toBe(false);
  });
}
