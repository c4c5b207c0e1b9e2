import 'server-only';
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { isProtectedPath, localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { describeDatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { markRenderFailed } from '@/lib/db/availability';
import { IdentityUnavailable, markIdentityDown } from '@/lib/firebase/availability';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { RenderFailure, type RenderFailureTexts } from './render-failure';
import { PAGE_ADDRESS_HEADER, pageNeedsDatabase } from '@/lib/errors/unavailable-page';
import { renderedForRequest } from '@/server/private/next';
import { injectTestFault, type FaultPoint } from '@/lib/errors/test-faults';

// A path of this site with its query: a redirect there can never leave it.
const SAME_SITE_ADDRESS = /^\/(?![/\\])[^\s]*$/;

/** The address the browser asked for (the proxy names it), if it is one of this site. */
async function pageAddress(): Promise<string | null> {
  const address = (await headers()).get(PAGE_ADDRESS_HEADER);
  return address && SAME_SITE_ADDRESS.test(address) ? address : null;
}

/** The address the browser asked for, or the locale's home page. */
async function requestedAddress(locale: Locale): Promise<string> {
  return (await pageAddress()) ?? localizedPath('/', locale);
}

/** A render that failed because the database could not answer: noted (lib/db/availability) and logged in one line. */
function renderFailedForDatabase(error: unknown): void {
  markRenderFailed();
  console.error(`database unavailable: ${describeDatabaseError(error)}`);
}

/**
 * What a failed render shows instead, in the request's language: the server-error page with a reference
 * that the log line names, or, when the database or the identity provider could not answer, the unavailable
 * page. A page that needs the one that failed goes back to its address instead, which the proxy answers with
 * the translated 503 (Retry-After, a reload after a few seconds) while it does not answer.
 */
async function failureTexts(error: unknown): Promise<RenderFailureTexts> {
  const locale = (await getLocale()) as Locale;
  const address = await requestedAddress(locale);
  const databaseDown = isDatabaseUnavailable(error);
  const unavailable = databaseDown || error instanceof IdentityUnavailable;
  const reference = randomBytes(4).toString('hex');
  if (unavailable) {
    if (databaseDown) {
      renderFailedForDatabase(error);
      if (pageNeedsDatabase(address.split('?')[0], (await cookies()).has(SESSION_COOKIE))) redirect(address);
    } else {
      // Logged where it failed (lib/firebase/admin).
      markIdentityDown();
      if (isProtectedPath(address.split('?')[0])) redirect(address);
    }
  } else {
    console.error(`render failed (reference ${reference}):`, error);
  }
  const t = await getTranslations({ locale, namespace: 'Errors' });
  const variant = unavailable ? 'unavailable' : 'serverError';
  return {
    lang: locale,
    title: t(`${variant}.title`),
    message: t(`${variant}.message`),
    reference: unavailable ? null : t('reference', { digest: reference }),
    retry: { label: t('retry'), href: address },
    home: { label: t('home'), href: localizedPath('/', locale) },
  };
}

/** Runs a render; a failure of a render made for a request becomes what `fallback` makes of it. */
function boundary<Props>(
  point: FaultPoint,
  render: (props: Props) => Promise<ReactNode>,
  fallback: (texts: RenderFailureTexts) => ReactNode,
) {
  return async (props: Props): Promise<ReactNode> => {
    try {
      await injectTestFault(point);
      return await render(props);
    } catch (error) {
      // Next's own signals (redirect, notFound, dynamic rendering) pass through; a prerender that fails
      // keeps the last good page, which an error page would replace.
      unstable_rethrow(error);
      if (!renderedForRequest()) throw error;
      return fallback(await failureTexts(error));
    }
  };
}

/**
 * Wraps a page or a nested layout. Next answers a render that throws with status 500 and an empty
 * document whose error page (app/[locale]/error.tsx) only the browser renders; a failure of the
 * wrapped render is answered with 500 and the translated error page in the served HTML
 * (components/errors/render-failure.tsx). Components the render returns are rendered after it and
 * still fail to the error boundary: the pages do their data work here, the components only show it.
 */
export function withErrorPage<Props>(
  render: (props: Props) => Promise<ReactNode>,
): (props: Props) => Promise<ReactNode> {
  return boundary('page', render, (texts) => <RenderFailure texts={texts} />);
}

/**
 * Wraps the locale layout, which renders the document: its failure (the case of app/global-error.tsx)
 * becomes a document of its own with the error page, served as withErrorPage's is.
 */
export function withErrorDocument<Props>(
  render: (props: Props) => Promise<ReactNode>,
): (props: Props) => Promise<ReactNode> {
  return boundary('layout', render, (texts) => (
    <html lang={texts.lang} dir="ltr">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        <main id="main" className="flex-1">
          <RenderFailure texts={texts} />
        </main>
      </body>
    </html>
  ));
}
