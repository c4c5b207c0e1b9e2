import 'server-only';
import type { Messages } from '@/lib/i18n/slices';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';

/** The chat room's texts: the catalogue's Chat slice without the page's own and staff's. */
export type ChatLabels = Omit<Messages['Chat'], 'title' | 'lead' | 'room' | 'postingAs' | 'avatarOf' | 'moderation'>;
export type ModerationLabels = Messages['Chat']['moderation'];

/**
 * The room's texts in `locale` and, for support staff only, their controls' texts (placeholders left for the browser).
 */
export async function chatLabels(
  locale: Locale,
  staff: boolean,
): Promise<{ labels: ChatLabels; moderation?: ModerationLabels }> {
  const { title, lead, room, postingAs, avatarOf, moderation, ...labels } = (await loadMessages(locale)).Chat;
  return { labels, moderation: staff ? moderation : undefined };
}
