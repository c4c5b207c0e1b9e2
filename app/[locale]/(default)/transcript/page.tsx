import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { ConfirmTranscript } from '@/components/transcript/confirm-transcript';
import { withErrorPage } from '@/components/errors/page-boundary';

// The page a transcript's confirmation mail links to (the token in the fragment): the reader sends it.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/transcript'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'transcript');
}

export default withErrorPage(async function TranscriptPage({ params }: PageProps<'/[locale]/transcript'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, { Transcript }] = await Promise.all([getTranslations('Transcript'), loadMessages(locale)]);
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card>
        <ConfirmTranscript labels={Transcript} />
      </Card>
    </div>
  );
});
