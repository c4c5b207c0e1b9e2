import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import type { WidgetLabels } from '@/components/widget/labels';
import type { Plural } from '@/lib/client/messages';

/** The widget's texts in `locale`, with their placeholders left for the browser. */
export async function widgetLabels(locale: Locale, name: string): Promise<WidgetLabels> {
  const t = await getTranslations({ locale, namespace: 'Widget' });
  // Keys built from prefixes below are checked only at run time (the messages test), the rest by tsc.
  const raw = (key: string) => t.raw(key as Parameters<typeof t.raw>[0]) as string;
  const forms = (key: string): Plural => ({ one: raw(`${key}.one`), other: raw(`${key}.other`) });
  return {
    open: t('open', { name }),
    openUnread: { one: raw('openUnread.one').replace('{name}', name), other: raw('openUnread.other').replace('{name}', name) },
    close: t('close'),
    greeting: t('greeting'),
    available: t('available'),
    away: t('away'),
    backAt: raw('backAt'),
    soon: t('soon'),
    hours: raw('hours'),
    conversations: t('conversations'),
    newConversation: t('newConversation'),
    back: t('back'),
    closedBadge: t('closedBadge'),
    unread: forms('unread'),
    startTitle: t('startTitle'),
    nameLabel: t('nameLabel'),
    emailLabel: t('emailLabel'),
    emailOptional: t('emailOptional'),
    emailPrompt: t('emailPrompt'),
    emailSave: t('emailSave'),
    emailSaved: raw('emailSaved'),
    messages: t('messages'),
    message: t('message'),
    composer: t('composer'),
    send: t('send'),
    sending: t('sending'),
    you: t('you'),
    team: t('team'),
    seen: t('seen'),
    typing: t('typing'),
    closed: t('closed'),
    reopened: t('reopened'),
    closedNotice: t('closedNotice'),
    loadOlder: t('loadOlder'),
    transcript: t('transcript'),
    transcriptSend: t('transcriptSend'),
    transcriptSent: raw('transcriptSent'),
    verifiedAs: raw('verifiedAs'),
    status: { connecting: t('status.connecting'), live: t('status.live'), reconnecting: t('status.reconnecting'), offline: t('status.offline') },
    errors: { general: t('errors.general'), start: t('errors.start') },
  };
}
