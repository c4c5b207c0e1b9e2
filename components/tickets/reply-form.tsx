'use client';

import type { FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { TextAreaField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';

/** A reply in a ticket's thread; the page shows it after a refresh of its server data. */
export function ReplyForm({
  ticketId,
  labels,
  error: failed,
}: {
  ticketId: string;
  labels: Messages['Dashboard']['tickets']['detail'];
  error: string;
}) {
  const router = useRouter();
  const { submit, busy, error, fields } = useJsonSubmit(failed);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const result = await submit(`/api/tickets/${ticketId}/messages`, 'POST', {
      message: String(new FormData(element).get('message') ?? ''),
    });
    if (!result) return;
    element.reset();
    void toast.success(labels.sent);
    router.refresh();
  }
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-labelledby="reply-title"
      aria-busy={busy}
      noValidate
    >
      <TextAreaField id="message" label={labels.message} maxLength={5000} rows={5} required error={fields.message} />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {labels.send}
      </Button>
    </form>
  );
}
