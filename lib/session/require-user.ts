import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { getSessionUser } from './server';
import type { SessionUser } from './cookie';

/**
 * The signed-in user, or a redirect to the locale's login page. Pages and layouts call it themselves:
 * the proxy is never the only guard.
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (user) return user;
  const locale = (await getLocale()) as Locale;
  const dashboard = localizedPath('/dashboard', locale);
  redirect(`${localizedPath('/login', locale)}?${new URLSearchParams({ redirect: dashboard })}`);
}
