'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { fill, type Messages } from '@/lib/i18n/slices';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { ConfirmAction } from '@/components/widgets/widget-actions';

/** Deletes the workspace (its owner) after a second, explicit confirmation. */
export function DeleteWorkspace({
  api,
  workspace,
  labels,
  cancel,
}: {
  api: string;
  workspace: string;
  labels: Messages['Dashboard']['members']['danger'];
  cancel: string;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { submit, busy, error } = useJsonSubmit(labels.error);

  async function remove() {
    if ((await submit(api, 'DELETE')) === null) return;
    void toast.success(labels.deleted);
    router.refresh();
  }

  return confirming ? (
    <ConfirmAction
      name={labels.delete}
      question={fill(labels.confirm, { workspace })}
      action={labels.confirmDelete}
      cancel={cancel}
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={() => setConfirming(false)}
    >
      <FormError message={error} />
    </ConfirmAction>
  ) : (
    <Button variant="danger" onClick={() => setConfirming(true)}>
      {labels.delete}
    </Button>
  );
}
