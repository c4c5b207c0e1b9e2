'use client';

import { useEffect, useState } from 'react';
import { CONTEXT_MESSAGE, EVENT_MESSAGE, LAYOUT_MESSAGE, OPEN_MESSAGE } from '@/lib/widgets/frame';
import type { PageContext } from './start-conversation';
import type { Claim, UserClaim } from './visitor-session';

/** How long the widget waits for the loader's context before it starts without one (a plain iframe). */
const CONTEXT_WAIT_MS = 1_500;

/**
 * The origin of the page that frames this one, when it is one of the widget's allowed origins or this
 * site (the only pages the browser lets frame it); null otherwise, and then nothing is posted.
 */
export function embeddingOrigin(allowed: string[]): string | null {
  if (window.parent === window) return null;
  const candidates = [window.location.ancestorOrigins?.[0]];
  try {
    if (document.referrer) candidates.push(new URL(document.referrer).origin);
  } catch {
    // No usable referrer.
  }
  return (
    candidates.find(
      (origin): origin is string => !!origin && (allowed.includes(origin) || origin === window.location.origin),
    ) ?? null
  );
}

/** Tells the embedding page's API listeners (public/embed.js) an event of the widget; nobody without a page. */
export function tellPage(origin: string | null, event: { name: 'message' | 'unread'; [key: string]: unknown }) {
  if (origin) window.parent.postMessage({ type: EVENT_MESSAGE, ...event }, origin);
}

function claimOf(value: unknown): UserClaim | null {
  if (!value || typeof value !== 'object') return null;
  const { id, hash, detailsHash, email, name } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !id) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    id,
    hash: typeof hash === 'string' ? hash : '',
    detailsHash: text(detailsHash),
    email: text(email),
    name: text(name),
  };
}

type EmbeddingContext = {
  ready: boolean;
  user: Claim;
  /** The attributes the page set (`Plauder('setAttributes')`), as JSON: the same ones compare equal. */
  attributes: string | null;
  page: PageContext;
};

/**
 * What the embedding page's loader says about it: the page's address and title, the customer's signed-in
 * user (a signed token of its API wins over the snippet's), its attributes; and its API's `open`/`close`
 * (`onOpen`); whether the page is narrow, so that the open panel covers its screen (`narrow`). Only messages
 * of the framing page, from its allowed origin, count. `ready` once it has answered, or after a short wait
 * when nobody will (a plain iframe, the widget page on its own).
 */
export function useEmbeddingContext(origin: string | null, onOpen?: (open: boolean) => void) {
  const [context, setContext] = useState<EmbeddingContext>({
    ready: origin === null,
    user: null,
    attributes: null,
    page: {},
  });
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent) return;
      const { type, identityToken, attributes } = event.data ?? {};
      if (type === OPEN_MESSAGE) onOpen?.(event.data.open === true);
      if (type === LAYOUT_MESSAGE) setNarrow(event.data.narrow === true);
      if (type !== CONTEXT_MESSAGE) return;
      const page = event.data.page ?? {};
      setContext({
        ready: true,
        user: typeof identityToken === 'string' && identityToken ? { token: identityToken } : claimOf(event.data.user),
        attributes: attributes && typeof attributes === 'object' ? JSON.stringify(attributes) : null,
        page: {
          url: typeof page.url === 'string' ? page.url : undefined,
          title: typeof page.title === 'string' ? page.title.slice(0, 300) : undefined,
          referrer: typeof page.referrer === 'string' ? page.referrer : undefined,
        },
      });
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(
      () => setContext((current) => (current.ready ? current : { ...current, ready: true })),
      CONTEXT_WAIT_MS,
    );
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [origin, onOpen]);
  return { ...context, narrow };
}
