import { createTranslator } from 'next-intl';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { isProtectedPath, splitLocale } from '@/lib/i18n/paths';
import { messagePage, UNAVAILABLE_RETRY_SECONDS } from './message-page';

/**
 * The address the browser asked for (path and query), set by the proxy on the request of every page
 * rendered for it (proxy.ts): a dashboard render that cannot reach the database sends the browser back
 * there (components/errors/page-boundary.tsx), the 404 page names it, the login redirect keeps it. Whatever
 * a client sends under this name is replaced.
 */
export const PAGE_ADDRESS_HEADER = 'x-page-address';

/**
 * 503 for a page while the database is down: a small page in `locale` that reloads itself
 * after a few seconds (the app recovers by itself when the database returns).
 */
export async function unavailablePage(locale: Locale): Promise<Response> {
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.unavailable' });
  return messagePage(locale, {
    status: 503,
    title: t('title'),
    message: t('message'),
    refreshSeconds: UNAVAILABLE_RETRY_SECONDS,
  });
}

// Pages rendered per request that read the database whoever asks (the dashboard's paths aside).
const DATABASE_PAGES = /^\/(?:mailbox|shop\/checkout|shop\/success)(?:\/|$)/;

/**
 * Whether a page rendered per request needs the database (the proxy answers it with the 503 while the
 * database does not answer): the dashboard, the local mailbox, the checkout and its receipt, and any
 * page a signed-in visitor asks for, since it verifies the session at the data.
 */
export function pageNeedsDatabase(pathname: string, signedIn: boolean): boolean {
  return signedIn || isProtectedPath(pathname) || DATABASE_PAGES.test(splitLocale(pathname).path);
}
