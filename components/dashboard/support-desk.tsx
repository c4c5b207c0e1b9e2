import { getFormatter, getTranslations } from 'next-intl/server';
import type { TicketStatus } from '@/lib/db/schema/tickets';
import type { FeedbackView } from '@/lib/feedback/service';
import type { TicketView } from '@/lib/tickets/service';
import { Card } from '@/components/ui/card';
import { TicketList } from '@/components/tickets/ticket-list';
import { FeedbackList } from '@/components/feedback/feedback-list';

type Props = {
  tickets: { items: TicketView[]; total: number; page: number; pages: number };
  status?: TicketStatus;
  feedback: { items: FeedbackView[]; total: number; averageRating: number | null };
};

/**
 * The support desk's tickets of every customer and all feedback. Each part says once, in the staff's
 * words, when it has nothing: no average beside "no feedback", no customer's "you have not…".
 */
export async function SupportDesk({ tickets, status, feedback }: Props) {
  const [t, format] = await Promise.all([getTranslations('Dashboard.admin'), getFormatter()]);
  return (
    <div className="space-y-6">
      <Card title={t('tickets')} titleId="admin-tickets-title">
        <TicketList result={tickets} path="/dashboard/admin" status={status} showAuthor empty={t('noTickets')} />
      </Card>
      <Card title={t('feedback')} titleId="admin-feedback-title">
        {feedback.total === 0 || feedback.averageRating === null ? (
          <p className="text-slate-700">{t('noFeedback')}</p>
        ) : (
          <>
            <p className="mb-4 text-slate-800" data-testid="average-rating">
              {t('average', {
                average: format.number(feedback.averageRating, { maximumFractionDigits: 2 }),
                count: feedback.total,
              })}
            </p>
            <FeedbackList items={feedback.items} showAuthor />
          </>
        )}
      </Card>
    </div>
  );
}
