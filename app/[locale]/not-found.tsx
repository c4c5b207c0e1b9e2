import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { NotFoundView } from '@/components/errors/not-found-view';

// A page of the locale that calls notFound() for a record it cannot find (a ticket of another user). Next
// renders this boundary in the browser (vercel/next.js#62228), which knows the address; unknown addresses
// reach no page and get app/not-found.tsx, rendered on the server.
export default async function LocaleNotFound() {
  return (
    <main id="main" className="flex-1">
      <NotFoundView locale={(await getLocale()) as Locale} path={null} />
    </main>
  );
}
