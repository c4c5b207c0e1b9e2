'use client';

import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

/** Accepts the invitation of the page's link, then opens the workspace's members in the dashboard. */
export function AcceptInvitation({
  token,
  next,
  labels,
}: {
  token: string;
  next: string;
  labels: { accept: string; accepted: string; error: string };
}) {
  const router = useRouter();
  const { submit, busy, error } = useJsonSubmit(labels.error);

  async function accept() {
    if ((await submit('/api/invitations/accept', 'POST', { token })) === null) return;
    void toast.success(labels.accepted);
    router.push(next);
    router.refresh();
  }

  return (
    <div className="space-y-3">
      <FormError message={error} />
      <Button disabled={busy} onClick={() => void accept()}>
        {labels.accept}
      </Button>
    </div>
  );
}
