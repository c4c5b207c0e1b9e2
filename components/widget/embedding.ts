'use client';

import { useEffect, useState } from 'react';
import { CONTEXT_MESSAGE } from '@/lib/widgets/frame';
import type { PageContext } from './start-conversation';
import type { UserClaim } from './visitor-session';

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

/**
 * What the embedding page's loader says about it: the page's address and title, and the customer's
 * signed-in user. Only messages of the framing page, from its allowed origin, count. `ready` once it
 * has answered, or after a short wait when nobody will (a plain iframe, the widget page on its own).
 */
export function useEmbeddingContext(origin: string | null) {
  const [context, setContext] = useState<{ ready: boolean; user: UserClaim | null; page: PageContext }>({
    ready: origin === null,
    user: null,
    page: {},
  });
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent || event.data?.type !== CONTEXT_MESSAGE) return;
      const page = event.data.page ?? {};
      setContext({
        ready: true,
        user: claimOf(event.data.user),
        page: {
          url: typeof page.url === 'string' ? page.url : undefined,
          title: typeof page.title === 'string' ? page.title.slice(0, 300) : undefined,
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
  }, [origin]);
  return context;
}
