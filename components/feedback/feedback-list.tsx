import { getTranslations } from 'next-intl/server';
import type { FeedbackView } from '@/lib/feedback/service';
import { RelativeTime } from '@/components/ui/relative-time';

/** Feedback entries, newest first: rating, topic, page, message (as text). */
export async function FeedbackList({ items, showAuthor = false }: { items: FeedbackView[]; showAuthor?: boolean }) {
  const t = await getTranslations('Dashboard.feedback');
  if (items.length === 0) return <p className="text-slate-700">{t('history.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((entry) => (
        <li key={entry.id} className="py-3">
          <p className="text-sm text-slate-700">
            <span
              role="img"
              className="font-semibold text-slate-900"
              aria-label={t('form.stars', { count: entry.rating })}
            >
              <span aria-hidden="true">
                {'★'.repeat(entry.rating)}
                {'☆'.repeat(5 - entry.rating)}
              </span>
            </span>{' '}
            · {t(`categories.${entry.category}`)}
            {entry.page ? ` · ${entry.page}` : null} · <RelativeTime date={entry.createdAt} />
            {showAuthor && entry.email ? ` · ${entry.email}` : null}
          </p>
          {entry.message && <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{entry.message}</p>}
        </li>
      ))}
    </ul>
  );
}
