import type { TicketStatus } from '@/lib/db/schema/tickets';
import { cn } from '@/lib/cn';

const styles: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status, label }: { status: TicketStatus; label: string }) {
  return (
    <span
      className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', styles[status])}
      data-status={status}
    >
      {label}
    </span>
  );
}
