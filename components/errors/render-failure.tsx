'use client';

import { useRef } from 'react';
import { useServerInsertedHTML } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button';
import { ErrorView } from './error-view';

/** The translated texts of a failed render's page (components/errors/page-boundary.tsx makes them). */
export type RenderFailureTexts = {
  lang: string;
  title: string;
  message: string;
  /** "Error reference: …", or null. */
  reference: string | null;
  retry: { label: string; href: string };
  home: { label: string; href: string };
};

// The document Next serves for a failed render has none of the site's style sheets.
const STANDALONE_STYLE =
  'main[data-standalone]{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center;color:#0f172a}main[data-standalone] a{display:inline-block;margin:.5rem;color:#4338ca}';

/** Thrown during the server's render only, so that Next answers 500; the failure itself is logged where it happened. */
class RenderFailed extends Error {
  constructor(reference: string | null) {
    super(`the page was answered with its error page${reference ? ` (${reference})` : ''}`);
    this.name = 'RenderFailed';
    this.stack = `${this.name}: ${this.message}`;
  }
}

/**
 * The error page of a render that failed on the server (components/errors/page-boundary.tsx): in the served
 * HTML, with status 500. React renders no error boundary on the server, and Next answers a render that
 * fails outside a Suspense boundary with status 500 and an empty document, leaving the error page to
 * the browser (app-render's error recovery, vercel/next.js#62228). So this component fails the
 * server's render on purpose, after handing the page's text to useServerInsertedHTML, whose HTML Next
 * also writes into that document. The browser then renders the app from the server's payload, where
 * this component shows the same page in the site's frame.
 */
export function RenderFailure({ texts }: { texts: RenderFailureTexts }) {
  const view = (
    <ErrorView
      status={500}
      titles={{ 'not-found': texts.title, 'server-error': texts.title }}
      actions={
        <>
          <a href={texts.retry.href} className={buttonClasses('primary')}>
            {texts.retry.label}
          </a>
          <a href={texts.home.href} className={buttonClasses('secondary')}>
            {texts.home.label}
          </a>
        </>
      }
    >
      <p>{texts.message}</p>
      {texts.reference && <p className="mt-2 text-sm text-slate-600">{texts.reference}</p>}
    </ErrorView>
  );
  const inserted = useRef(false);
  useServerInsertedHTML(() => {
    if (inserted.current) return null;
    inserted.current = true;
    return (
      <>
        <style>{STANDALONE_STYLE}</style>
        <main id="main" lang={texts.lang} data-standalone="">
          {view}
        </main>
      </>
    );
  });
  if (typeof window === 'undefined') throw new RenderFailed(texts.reference);
  return view;
}
