import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import type { InboxLabels } from '@/components/inbox/labels';

/** The inbox's texts in `locale` (placeholders left for the browser). */
export async function inboxLabels(locale: Locale): Promise<InboxLabels> {
  const t = await getTranslations({ locale, namespace: 'Dashboard.inbox' });
  // Keys built from prefixes below are checked only at run time (the messages test), the rest by tsc.
  const raw = (key: string) => t.raw(key as Parameters<typeof t.raw>[0]) as string;
  const text = t as unknown as (key: string) => string;
  const group = <K extends string>(prefix: string, keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, text(`${prefix}.${key}`)])) as Record<K, string>;
  return {
    filters: group('filters', ['label', 'all', 'open', 'closed', 'unread']),
    list: t('list'),
    empty: t('empty'),
    anonymous: t('anonymous'),
    verified: t('verified'),
    unread: { one: raw('unread.one'), other: raw('unread.other') },
    closedBadge: t('closedBadge'),
    select: t('select'),
    details: group('details', ['title', 'email', 'page', 'locale', 'firstSeen', 'widget', 'none']),
    thread: raw('thread'),
    reply: t('reply'),
    send: t('send'),
    sending: t('sending'),
    you: t('you'),
    seen: t('seen'),
    typing: raw('typing'),
    closed: t('closed'),
    reopened: t('reopened'),
    loadOlder: t('loadOlder'),
    close: t('close'),
    reopen: t('reopen'),
    closedNotice: t('closedNotice'),
    presence: group('presence', ['label', 'auto', 'available', 'away', 'saved']),
    languages: group('languages', ['en', 'de']),
    status: group('status', ['connecting', 'live', 'reconnecting', 'offline']),
    errors: group('errors', ['general', 'load']),
  };
}
