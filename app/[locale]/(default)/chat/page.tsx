import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { ChatRoom } from '@/components/chat/chat-room';
import { chatLabels } from '@/lib/chat/labels';
import { LOBBY } from '@/lib/chat/constants';
import { displayNameOf } from '@/lib/chat/identity';
import { getSessionUser } from '@/lib/session/server';
import { withErrorPage } from '@/components/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/chat'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'chat', '/chat');
}

/**
 * The public room: anyone reads; guests post under a name they choose, signed-in users under theirs;
 * support staff also get the controls to delete messages and mute authors.
 */
export default withErrorPage(async function ChatPage({ params }: PageProps<'/[locale]/chat'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, user] = await Promise.all([getTranslations('Chat'), getSessionUser()]);
  const { labels, moderation } = await chatLabels(locale, user?.admin === true);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <section
        aria-labelledby="room-title"
        className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        <ChatRoom
          room={LOBBY}
          locale={locale}
          labels={labels}
          viewer={user ? { kind: 'user', postingAs: t('postingAs', { name: displayNameOf(user) }) } : { kind: 'guest' }}
          logClassName="h-[28rem]"
          moderation={moderation}
          heading={
            <h2 id="room-title" className="font-semibold text-slate-900">
              {t('room')}
            </h2>
          }
        />
      </section>
    </>
  );
});
