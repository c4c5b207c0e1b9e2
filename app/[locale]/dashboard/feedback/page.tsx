import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { FEEDBACK_CATEGORIES } from '@/lib/db/schema';
import { listOwnFeedback } from '@/lib/feedback/service';
import { requireUser } from '@/lib/session/require-user';
import { actorOf } from '@/lib/session/server';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { FeedbackList } from '@/components/feedback/feedback-list';
import { withErrorPage } from '@/lib/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/feedback'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'feedback');
}

export default withErrorPage(async function FeedbackPage({ params }: PageProps<'/[locale]/dashboard/feedback'>) {
  setRequestLocale((await params).locale as Locale);
  const user = await requireUser();
  const [t, earlier] = await Promise.all([getTranslations('Dashboard.feedback'), listOwnFeedback(actorOf(user))]);
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('form.title')} titleId="feedback-form-title">
          <FeedbackForm
            labels={{
              rating: t('form.rating'),
              stars: [1, 2, 3, 4, 5].map((count) => t('form.stars', { count })),
              category: t('form.category'),
              categories: FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
              message: t('form.message'),
              page: t('form.page'),
              pageHint: t('form.pageHint'),
              submit: t('form.submit'),
              thanks: t('form.thanks'),
              error: t('form.error'),
            }}
          />
        </Card>
        <Card title={t('history.title')} titleId="feedback-history-title">
          <FeedbackList items={earlier} />
        </Card>
      </div>
    </>
  );
});
