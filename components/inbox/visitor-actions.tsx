'use client';

import { useState } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import type { VisitorDetails } from '@/lib/conversations/constants';
import { fill, type Messages } from '@/lib/i18n/slices';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ConfirmAction } from '@/components/widgets/widget-actions';

type Labels = Messages['Dashboard']['inbox']['visitor'];

/** The badge a blocked visitor carries in the list and the thread. */
export function BlockedBadge({ label }: { label: string }) {
  return <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900">{label}</span>;
}

/**
 * What a member does with a conversation's visitor: block or unblock them (anyone who answers), export their
 * data and erase them (owners and admins: `manage`), each asked before.
 */
export function VisitorActions({
  api,
  visitor,
  name,
  manage,
  labels,
  onBlocked,
  onErased,
}: {
  /** The visitor's API, `/api/workspaces/<id>/visitors/<vid>`. */
  api: string;
  visitor: VisitorDetails;
  name: string;
  manage: boolean;
  labels: Labels;
  onBlocked: (blocked: boolean) => void;
  onErased: () => void;
}) {
  const [asking, setAsking] = useState<'block' | 'erase' | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
      setAsking(null);
    } catch (caught) {
      void toast.error(readApiError(caught).message ?? labels.failed);
    } finally {
      setBusy(false);
    }
  }
  const block = (blocked: boolean) =>
    act(async () => {
      await $fetch(`${api}/block`, { method: blocked ? 'POST' : 'DELETE' });
      onBlocked(blocked);
    });
  const erase = () =>
    act(async () => {
      await $fetch(api, { method: 'DELETE' });
      void toast.success(labels.erased);
      onErased();
    });

  return (
    <div role="group" aria-label={labels.actions} className="mt-2">
      {visitor.blocked && <p className="text-sm text-red-900">{labels.blockedNotice}</p>}
      <div className="mt-1 flex flex-wrap gap-2">
        {visitor.blocked ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void block(false)}>
            {labels.unblock}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setAsking('block')}>
            {labels.block}
          </Button>
        )}
        {manage && (
          <>
            <a href={`${api}/export`} download className={buttonClasses('secondary', 'sm')}>
              {labels.export}
            </a>
            <Button variant="secondary" size="sm" onClick={() => setAsking('erase')}>
              {labels.erase}
            </Button>
          </>
        )}
      </div>
      {asking === 'block' && (
        <ConfirmAction
          name={labels.block}
          question={fill(labels.blockTitle, { name })}
          action={labels.blockConfirm}
          cancel={labels.cancel}
          busy={busy}
          onConfirm={() => void block(true)}
          onCancel={() => setAsking(null)}
        >
          <p className="text-sm text-slate-900">{fill(labels.blockLead, { name })}</p>
        </ConfirmAction>
      )}
      {asking === 'erase' && (
        <ConfirmAction
          name={labels.erase}
          question={fill(labels.eraseTitle, { name })}
          action={labels.eraseConfirm}
          cancel={labels.cancel}
          busy={busy}
          onConfirm={() => void erase()}
          onCancel={() => setAsking(null)}
        >
          <p className="text-sm text-slate-900">{labels.eraseLead}</p>
        </ConfirmAction>
      )}
    </div>
  );
}
