import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { FEEDBACK_CATEGORIES } from '@/lib/db/schema/feedback';
import { listOwnFeedback } from '@/lib/feedback/service';
import { requireUser } from '@/lib/auth/require-user';
import { signedInUserOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { FeedbackList } from '@/components/feedback/feedback-list';
import { withErrorPage } from '@/components/errors/page-boundary';
import { loadMessages } from '@/lib/i18n/messages';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/feedback'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'feedback');
}

export default withErrorPage(async function FeedbackPage({ params }: PageProps<'/[locale]/dashboard/feedback'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const user = await requireUser();
  const [t, { Dashboard }, earlier] = await Promise.all([
    getTranslations('Dashboard.feedback'),
    loadMessages(locale),
    listOwnFeedback(signedInUserOf(user)),
  ]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('form.title')} titleId="feedback-form-title">
          <FeedbackForm
            labels={Dashboard.feedback}
            categories={FEEDBACK_CATEGORIES}
            stars={[1, 2, 3, 4, 5].map((count) => t('form.stars', { count }))}
          />
        </Card>
        <Card title={t('history.title')} titleId="feedback-history-title">
          <FeedbackList items={earlier} />
        </Card>
      </div>
    </>
  );
});
