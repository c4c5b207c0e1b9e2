import type { OrderStatus } from '@/lib/db/schema/shop';
import { cn } from '@/lib/cn';

const STYLE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  paid: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-slate-200 text-slate-900',
};

/** An order's status as a coloured label (`live`: announced when it changes, as on the success page). */
export function OrderStatusBadge({
  status,
  label,
  live = false,
}: {
  status: OrderStatus;
  label: string;
  live?: boolean;
}) {
  return (
    <span
      role={live ? 'status' : undefined}
      data-order-status={status}
      className={cn('rounded px-2 py-0.5 text-sm font-semibold', STYLE[status])}
    >
      {label}
    </span>
  );
}
