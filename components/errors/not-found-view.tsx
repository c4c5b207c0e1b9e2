import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { buttonClasses } from '@/components/ui/button';
import { ErrorView } from './error-view';
import { RequestedPath } from './requested-path';

/** How an address is shown to a reader: decoded where it can be (`/de/über` rather than `/de/%C3%BCber`). */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The 404 page's content in `locale`: heading, the specification's message `Page Not Found: {path}` with
 * the requested `path`, and the ways on. With `path` the whole page is in the served HTML, the message as
 * one text (React escapes the path); without it (a render that cannot know the address) the browser fills
 * the path in. A prerendered page that shows it is stored and served as a 404
 * (server/cache-handler.mjs, by the `data-error-variant` of ErrorView).
 */
export async function NotFoundView({ locale, path }: { locale: Locale; path: string | null }) {
  const t = await getTranslations({ locale, namespace: 'Errors' });
  return (
    <ErrorView
      status={404}
      titles={{ 'not-found': t('notFound.title'), 'server-error': t('serverError.title') }}
      actions={
        <>
          <Link href="/" locale={locale} className={buttonClasses('primary')}>
            {t('home')}
          </Link>
          <Link href="/#plans" locale={locale} className={buttonClasses('secondary')}>
            {t('plans')}
          </Link>
          <Link href="/chat" locale={locale} className={buttonClasses('secondary')}>
            {t('contact')}
          </Link>
        </>
      }
    >
      <p className="break-words">
        {path === null ? (
          <RequestedPath message={t.raw('notFound.message') as string} />
        ) : (
          t('notFound.message', { path: readable(path) })
        )}
      </p>
      <p className="mt-2">{t('notFound.hint')}</p>
    </ErrorView>
  );
}
