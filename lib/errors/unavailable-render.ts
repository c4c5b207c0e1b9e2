import 'server-only';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { describeDatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { markDatabaseDown } from '@/lib/db/availability';
import { PAGE_ADDRESS_HEADER } from './unavailable-page';

// A path of this site with its query: a redirect there can never leave it.
const SAME_SITE_ADDRESS = /^\/(?![/\\])[^\s]*$/;

/**
 * Wraps a dashboard page or layout whose data comes from the database. Next answers a render that
 * throws with its 500 page; only a redirect (or a 404) gets another status. So a render that cannot
 * reach the database in time sends the browser back to the address it asked for: the failure has
 * marked the database down, and the proxy answers that address with the translated 503 (Retry-After,
 * a reload after a few seconds) until the database answers again.
 */
export function unavailableAware<Props>(render: (props: Props) => Promise<ReactNode>): (props: Props) => Promise<ReactNode> {
  return async (props) => {
    try {
      return await render(props);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      markDatabaseDown();
      console.error(`database unavailable: ${describeDatabaseError(error)}`);
      const address = (await headers()).get(PAGE_ADDRESS_HEADER);
      redirect(address && SAME_SITE_ADDRESS.test(address) ? address : localizedPath('/dashboard', (await getLocale()) as Locale));
    }
  };
}
