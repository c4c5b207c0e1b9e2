import type { Locale } from '@/lib/i18n/routing';
import { escapeHtml as escape } from '@/lib/html';
import { scriptHash } from '@/lib/security/policy.mjs';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}a{color:#4338ca}';
// Nothing runs; only its own style sheet applies (under /api the resource policy would refuse even that).
const POLICY = `default-src 'none'; style-src ${scriptHash(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** How soon a client may try again after a 503 (its `Retry-After`), here and in the JSON API. */
export const UNAVAILABLE_RETRY_SECONDS = 10;

/**
 * A small standalone HTML page (for answers that come from the proxy or a route handler, not from a
 * React page): a title, a sentence, optionally a link and a reload after some seconds. A 503 always
 * says when to come back (`Retry-After`).
 */
export function messagePage(
  locale: Locale,
  {
    status,
    title,
    message,
    link,
    refreshSeconds,
    headers = {},
  }: {
    status: number;
    title: string;
    message: string;
    link?: { href: string; label: string };
    refreshSeconds?: number;
    headers?: Record<string, string>;
  },
): Response {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  const anchor = link ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : '';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}<title>${escape(title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p>${anchor}</main></body></html>`;
  const retry: Record<string, string> = status === 503 ? { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) } : {};
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': POLICY,
      ...retry,
      ...headers,
    },
  });
}
