import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { loginRedirect } from './guard';
import { safeRedirectPath } from './redirect';
import { PAGE_ADDRESS_HEADER } from '@/lib/errors/unavailable-page';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { getSessionUser } from '@/lib/session/server';
import type { SessionUser } from '@/lib/session/cookie';

/**
 * The signed-in user, or a redirect to the locale's login page that comes back to the page and query
 * the browser asked for (the proxy names them; it skips its own check when a `lang` parameter is
 * present). Pages and layouts call it themselves: the proxy is never the only guard.
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (user) return user;
  const dashboard = localizedPath('/dashboard', (await getLocale()) as Locale);
  const address = safeRedirectPath((await headers()).get(PAGE_ADDRESS_HEADER), dashboard);
  const query = address.indexOf('?');
  redirect(query === -1 ? loginRedirect(address, '') : loginRedirect(address.slice(0, query), address.slice(query)));
}
