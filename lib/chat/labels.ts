import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import type { ChatLabels } from '@/components/chat/chat-room';
import type { ModerationLabels } from '@/components/chat/moderation';

/** The chat room's texts in `locale` (client components get plain strings, no i18n runtime). */
export async function chatLabels(locale: Locale): Promise<ChatLabels> {
  const t = await getTranslations({ locale, namespace: 'Chat' });
  return {
    messages: t('messages'),
    empty: t('empty'),
    loadOlder: t('loadOlder'),
    loadingOlder: t('loadingOlder'),
    beginning: t('beginning'),
    newMessages: t('newMessages'),
    // Chosen in the browser by Intl.PluralRules (English and German have just these two forms).
    jumpToLatest: { one: t.raw('jumpToLatest.one') as string, other: t.raw('jumpToLatest.other') as string },
    status: { connecting: t('status.connecting'), live: t('status.live'), reconnecting: t('status.reconnecting'), offline: t('status.offline') },
    composer: t('composer'),
    guestName: t('guestName'),
    message: t('message'),
    send: t('send'),
    sending: t('sending'),
    hint: t('hint'),
    guest: t('guest'),
    host: t('host'),
    you: t('you'),
    counter: t.raw('counter') as string,
    errors: { general: t('errors.general'), history: t('errors.history') },
  };
}

/** Support staff's texts in the room, their `{name}` and `{time}` left for the browser to fill in. */
export async function moderationLabels(locale: Locale): Promise<ModerationLabels> {
  const t = await getTranslations({ locale, namespace: 'Chat.moderation' });
  const raw = (key: Parameters<typeof t.raw>[0]) => t.raw(key) as string;
  return {
    intro: t('intro'),
    delete: t('delete'),
    deleteLabel: raw('deleteLabel'),
    mute: t('mute'),
    muteLabel: raw('muteLabel'),
    unmute: t('unmute'),
    unmuteLabel: raw('unmuteLabel'),
    muted: t('muted'),
    confirmTitle: raw('confirmTitle'),
    confirmLead: raw('confirmLead'),
    duration: t('duration'),
    durations: { hour: t('durations.hour'), day: t('durations.day'), week: t('durations.week'), forever: t('durations.forever') },
    confirm: t('confirm'),
    cancel: t('cancel'),
    listTitle: t('listTitle'),
    listEmpty: t('listEmpty'),
    until: raw('until'),
    untilUnmuted: t('untilUnmuted'),
    deleted: raw('deleted'),
    mutedDone: raw('mutedDone'),
    unmutedDone: raw('unmutedDone'),
    failed: t('failed'),
  };
}
