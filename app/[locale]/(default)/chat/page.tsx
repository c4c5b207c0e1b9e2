import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/chat'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'chat', '/chat');
}

export default async function ChatPage({ params }: PageProps<'/[locale]/chat'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Chat');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <section aria-labelledby="room-title" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="room-title" className="font-semibold text-slate-900">
            {t('room', { name: 'lobby' })}
          </h2>
        </div>
        <ol aria-live="polite" aria-label={t('messages')} className="h-80 overflow-y-auto px-4 py-3">
          <li className="py-10 text-center text-slate-700">{t('empty')}</li>
        </ol>
        <form method="post" className="space-y-3 border-t border-slate-200 p-4" aria-label={t('composer')}>
          <TextField id="name" label={t('guestName')} autoComplete="nickname" maxLength={40} />
          <TextAreaField id="text" label={t('message')} rows={2} maxLength={2000} required />
          <Button type="submit">{t('send')}</Button>
        </form>
      </section>
    </>
  );
}
