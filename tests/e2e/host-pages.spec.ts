// The widget on customers' pages that protect themselves (issue 37, point 5): a strict Content-Security-Policy
// that names only what the README tells a host to allow, cross-origin isolation (COEP require-corp), and a page
// whose snippet's origin does not answer. The widget works on the first two as on a bare page (any block shows
// as a console error, which fails the test); on the last nothing of the page is blocked or covered.
import { axeViolations, expect, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor, type HostSite } from './host-site';
import { baseURL } from '../../playwright.config';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

/** Exactly the sources README.md ("Embedding on a page with a Content-Security-Policy") tells a host to allow. */
const strictPolicy = `default-src 'none'; script-src ${baseURL}; frame-src ${baseURL}; base-uri 'none'; form-action 'none'`;

const hosts: Array<{ name: string; locale: Locale; headers: Record<string, string> }> = [
  { name: 'a bare page', locale: 'en', headers: {} },
  { name: 'a strict Content-Security-Policy', locale: 'de', headers: { 'content-security-policy': strictPolicy } },
  {
    name: 'cross-origin isolation',
    locale: 'en',
    headers: { 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-opener-policy': 'same-origin' },
  },
  {
    name: 'cross-origin isolation',
    locale: 'de',
    headers: { 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-opener-policy': 'same-origin' },
  },
];

async function embed(page: import('@playwright/test').Page, site: HostSite, locale: Locale) {
  await signIn(page);
  const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
  return widgetId;
}

for (const host of hosts) {
  test(`the widget works on ${host.name} (${host.locale})`, async ({ page, browser }) => {
    const w = messages[host.locale].Widget;
    const site = await hostSite();
    try {
      const widgetId = await embed(page, site, host.locale);
      site.setPage({ body: snippet(widgetId), lang: host.locale, headers: host.headers });
      const guest = await visitor(browser, site.origin);
      try {
        if (host.headers['cross-origin-embedder-policy'])
          expect(await guest.page.evaluate(() => window.crossOriginIsolated)).toBe(true);
        await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
        const text = `Hello from ${host.name} ${Date.now()}`;
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(text);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(text)).toBeVisible();
        expect(await axeViolations(guest.page)).toEqual([]);
      } finally {
        await guest.context.close();
      }
    } finally {
      await site.close();
    }
  });
}

test('a snippet whose origin does not answer blocks and covers nothing of the page', async ({
  browser,
  consoleErrors,
}) => {
  // The loader's address refuses connections: the browser says so in the console, and that is all.
  consoleErrors.allow(/ERR_CONNECTION_REFUSED/);
  const gone = await hostSite();
  const deadOrigin = gone.origin;
  await gone.close();
  const site = await hostSite();
  try {
    site.setPage({
      body: `<button type="button" onclick="this.textContent='Added'">Add to cart</button>${snippet('any-widget').replace(baseURL, deadOrigin)}`,
    });
    const guest = await visitor(browser, site.origin);
    try {
      await expect(guest.page.getByRole('heading', { name: 'Customer shop' })).toBeVisible();
      await guest.page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(guest.page.getByRole('button', { name: 'Added' })).toBeVisible();
      expect(await guest.page.locator('iframe').count()).toBe(0);
      expect(await guest.page.evaluate(() => document.readyState)).toBe('complete');
    } finally {
      await guest.context.close();
    }
  } finally {
    await site.close();
  }
});
