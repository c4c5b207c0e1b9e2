import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { PAGE_ADDRESS_HEADER } from '@/lib/errors/unavailable-page';
import { NotFoundView } from '@/components/errors/not-found-view';
import { SiteDocument } from '@/components/layout/site-document';
import './globals.css';

// Every address that no route serves: Next renders this page on the server with status 404 (a page that
// calls notFound() is rendered in the browser only, vercel/next.js#62228). The language is the address's
// (next-intl's proxy names it), the path is the one the browser asked for (the proxy names it). A global
// not-found page (experimental.globalNotFound) rather than app/not-found.tsx: Next renders the root
// not-found boundary into every page's payload, where reading the request would make prerendered pages
// dynamic and give them this request's language.

async function requestedLocale(): Promise<Locale> {
  return (await getLocale()) as Locale;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await requestedLocale(), namespace: 'Metadata' });
  // Next adds its own `noindex` to a 404.
  return { title: `${t('notFound.title')} · ${t('siteName')}`, description: t('notFound.description') };
}

export default async function GlobalNotFound() {
  const locale = await requestedLocale();
  setRequestLocale(locale);
  const address = (await headers()).get(PAGE_ADDRESS_HEADER);
  return (
    <SiteDocument locale={locale}>
      <main id="main" className="flex-1">
        <NotFoundView locale={locale} path={address?.split('?')[0] ?? null} />
      </main>
    </SiteDocument>
  );
}
