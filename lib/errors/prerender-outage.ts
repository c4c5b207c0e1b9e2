import 'server-only';
import type { PrerenderOutage } from '@/server/cache-handler.mjs';
import { databaseReachable } from '@/lib/db/availability';
import { defaultLocale, isLocale } from '@/lib/i18n/routing';
import { unavailablePage } from './unavailable-page';

// cache-handler.mjs's PRERENDER_OUTAGE (a registered symbol: that module is Next's, not part of a bundle).
const PRERENDER_OUTAGE = Symbol.for('plauder.prerender-outage');

/**
 * Tells the prerender cache (server/cache-handler.mjs) whether the database answers, and what a page
 * it holds no render of answers while it does not: the translated 503 (a render would fail with 500).
 */
export function offerPrerenderOutage(): void {
  const hooks: PrerenderOutage = {
    reachable: () => databaseReachable(),
    async unavailablePage(locale) {
      const page = await unavailablePage(isLocale(locale) ? locale : defaultLocale);
      return { status: page.status, headers: Object.fromEntries(page.headers), html: await page.text() };
    },
  };
  (globalThis as Record<symbol, unknown>)[PRERENDER_OUTAGE] = hooks;
}
