import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { TICKET_STATUSES, type TicketStatus } from '@/lib/db/schema/tickets';
import type { TicketView } from '@/lib/tickets/service';
import { RelativeTime } from '@/components/ui/relative-time';
import { Pagination } from '@/components/dashboard/pagination';
import { StatusBadge } from './status-badge';

type Props = {
  result: { items: TicketView[]; total: number; page: number; pages: number };
  /** The list page's path (unlocalized); filters and pages are links to it. */
  path: string;
  status?: TicketStatus;
  /** Support staff see who wrote each ticket. */
  showAuthor?: boolean;
  /** What an unfiltered empty list says, when not the customer's own "You have not opened a ticket yet". */
  empty?: string;
};

const query = (path: string, status: TicketStatus | undefined, page: number) => ({
  pathname: path,
  query: { ...(status && { status }), ...(page > 1 && { page: String(page) }) },
});

/** Status filter, the tickets of one page (newest activity first) and the page navigation. */
export async function TicketList({ result, path, status, showAuthor = false, empty }: Props) {
  const t = await getTranslations('Dashboard.tickets');
  const filters: Array<TicketStatus | undefined> = [undefined, ...TICKET_STATUSES];
  return (
    <div className="space-y-4">
      <nav aria-label={t('filter.label')}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((value) => (
            <li key={value ?? 'all'}>
              <Link
                href={query(path, value, 1)}
                aria-current={value === status ? 'page' : undefined}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {value ? t(`status.${value}`) : t('filter.all')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {result.items.length === 0 ? (
        <p className="text-slate-700">{status ? t('list.emptyFiltered') : (empty ?? t('list.empty'))}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t('list.title')}>
          {result.items.map((ticket) => (
            <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link
                  href={`/dashboard/tickets/${ticket.id}`}
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {ticket.subject}
                </Link>
                <p className="text-sm text-slate-700">
                  {t(`categories.${ticket.category}`)} · {t('list.updated')} <RelativeTime date={ticket.updatedAt} />
                  {showAuthor && ticket.email ? ` · ${ticket.email}` : null}
                </p>
              </div>
              <StatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={result.page} pages={result.pages} href={(page) => query(path, status, page)} />
    </div>
  );
}
