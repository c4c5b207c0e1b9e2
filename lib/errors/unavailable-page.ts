import { createTranslator } from 'next-intl';
import type { NextRequest } from 'next/server';
import { splitLocale } from '@/lib/i18n/paths';
import { loadMessages } from '@/lib/i18n/messages';
import { messagePage } from './message-page';

/**
 * 503 for a page while the database is down: a small page in the path's language that reloads itself
 * after a few seconds (the app recovers by itself when the database returns).
 */
export async function unavailablePage(request: NextRequest): Promise<Response> {
  const { locale } = splitLocale(request.nextUrl.pathname);
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.unavailable' });
  return messagePage(locale, { status: 503, title: t('title'), message: t('message'), refreshSeconds: 10, headers: { 'Retry-After': '10' } });
}
