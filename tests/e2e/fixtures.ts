import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

export { expect };

/** What a test may declare about the browser console: the errors it provokes on purpose. */
export type ConsoleErrors = {
  /** Errors matching any of `patterns` (text and source URL) are expected by this test. */
  allow(...patterns: RegExp[]): void;
};

/** Every page of `context`, present and future, reports its console errors and uncaught exceptions. */
function watchContext(context: BrowserContext, seen: string[]) {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const source = message.location().url;
      seen.push(`${message.text()}${source ? ` (${source})` : ''}`);
    });
    page.on('pageerror', (error) => seen.push(`uncaught ${error.name}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/** Contexts and pages a test opens itself on `browser` are watched as well, while it runs. */
function watchBrowser(browser: Browser, seen: string[]): () => void {
  const { newContext, newPage } = browser;
  browser.newContext = async (options) => {
    const context = await newContext.call(browser, options);
    watchContext(context, seen);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage.call(browser, options);
    watchContext(page.context(), seen);
    return page;
  };
  return () => Object.assign(browser, { newContext, newPage });
}

/**
 * Playwright's `test`, failing any test whose pages log a console error (a failed request, a policy
 * violation, an uncaught exception) that it did not declare with `consoleErrors.allow(…)`.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context, browser }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      watchContext(context, seen);
      const unwatch = watchBrowser(browser, seen);
      await use({ allow: (...patterns) => allowed.push(...patterns) });
      unwatch();
      const unexpected = seen.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
});

export const messages = { en, de } as const;
export type Locale = keyof typeof messages;
export const localesUnderTest: Locale[] = ['en', 'de'];

/** The path of `path` in `locale`: English unprefixed, German under /de. */
export function localized(path: string, locale: Locale) {
  if (locale === 'en') return path;
  return path === '/' ? '/de' : `/de${path}`;
}

type Catalogue = typeof en;

/** Every route of the specification (§2) with the heading its page shows. */
export const routes: Array<{ path: string; heading: (m: Catalogue) => string; public: boolean }> = [
  { path: '/', heading: (m) => m.Home.hero.title, public: true },
  { path: '/login', heading: (m) => m.Auth.login.title, public: true },
  { path: '/signup', heading: (m) => m.Auth.signup.title, public: true },
  { path: '/verify-email', heading: (m) => m.Auth.verify.title, public: true },
  { path: '/chat', heading: (m) => m.Chat.title, public: true },
  { path: '/shop/success', heading: (m) => m.Shop.success.title, public: true },
  { path: '/shop/cancel', heading: (m) => m.Shop.cancel.title, public: true },
  // A product page of the catalogue (data/products.json): its name is the heading in both languages.
  { path: '/shop/starter', heading: () => 'Starter', public: true },
  { path: '/dashboard', heading: (m) => m.Dashboard.overview.title, public: false },
  { path: '/dashboard/profile', heading: (m) => m.Dashboard.profile.title, public: false },
  { path: '/dashboard/settings', heading: (m) => m.Dashboard.settings.title, public: false },
  { path: '/dashboard/tickets', heading: (m) => m.Dashboard.tickets.title, public: false },
  { path: '/dashboard/feedback', heading: (m) => m.Dashboard.feedback.title, public: false },
  { path: '/dashboard/widgets', heading: (m) => m.Dashboard.widgets.title, public: false },
  { path: '/dashboard/members', heading: (m) => m.Dashboard.members.title, public: false },
  { path: '/dashboard/orders', heading: (m) => m.Dashboard.orders.title, public: false },
  { path: '/dashboard/billing', heading: (m) => m.Dashboard.billing.title, public: false },
  { path: '/sample', heading: (m) => m.Sample.title, public: true },
  { path: '/test', heading: (m) => m.Test.title, public: true },
];

/** Opens `path` and waits until React has hydrated (the global error and focus handlers listen). */
export async function openHydrated(page: import('@playwright/test').Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return response;
}

/** axe's violations of any impact on the page as it is now (WCAG 2.0–2.2 A/AA and best practices), one line each. */
export async function axeViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
