import AxeBuilder from '@axe-core/playwright';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

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
  { path: '/dashboard/embed', heading: (m) => m.Dashboard.embed.title, public: false },
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
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
