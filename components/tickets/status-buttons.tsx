'use client';

import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

export type StatusAction = { status: 'open' | 'answered' | 'closed'; label: string; done: string };

/** Close, reopen (and for support staff, mark answered) a ticket. */
export function StatusButtons({
  ticketId,
  actions,
  error: fallback,
}: {
  ticketId: string;
  actions: StatusAction[];
  error: string;
}) {
  const router = useRouter();
  const { submit, busy, error } = useJsonSubmit(fallback);
  async function change(action: StatusAction) {
    if (!(await submit(`/api/tickets/${ticketId}`, 'PATCH', { status: action.status }))) return;
    void toast.success(action.done);
    router.refresh();
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <Button
            key={action.status}
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => void change(action)}
          >
            {action.label}
          </Button>
        ))}
      </div>
      <FormError message={error} />
    </div>
  );
}
