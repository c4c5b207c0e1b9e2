import { createTranslator } from 'next-intl';
import type { NextRequest } from 'next/server';
import { splitLocale } from '@/lib/i18n/paths';
import { loadMessages } from '@/lib/i18n/messages';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 503 for a page while the database is down: a small page in the path's language that reloads itself
 * after a few seconds (the app recovers by itself when the database returns).
 */
export async function unavailablePage(request: NextRequest): Promise<Response> {
  const { locale } = splitLocale(request.nextUrl.pathname);
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.unavailable' });
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="10"><title>${escape(t('title'))}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}</style></head><body><main><h1>${escape(t('title'))}</h1><p>${escape(t('message'))}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '10', 'Cache-Control': 'no-store' },
  });
}
