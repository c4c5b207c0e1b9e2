'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';

/** Deletes a widget after a second, explicit confirmation. */
export function DeleteWidget({
  id,
  path,
  labels,
}: {
  id: string;
  path: string;
  labels: Messages['Dashboard']['widgets']['delete'];
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { submit, busy, error } = useJsonSubmit(labels.error);

  async function remove() {
    const result = await submit<null>(`/api/widgets/${encodeURIComponent(id)}`, 'DELETE');
    if (result === null) return;
    void toast.success(labels.deleted);
    router.push(path);
    router.refresh();
  }

  if (!confirming) {
    return (
      <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
        {labels.delete}
      </Button>
    );
  }
  return (
    <ConfirmAction
      name={labels.delete}
      question={labels.confirm}
      action={labels.confirmDelete}
      cancel={labels.cancel}
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={() => setConfirming(false)}
    >
      <FormError message={error} />
    </ConfirmAction>
  );
}

/** The second step of an action that cannot be undone: the question, the action again, and a way back. */
export function ConfirmAction({
  name,
  question,
  action,
  cancel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  name: string;
  question: string;
  action: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: React.ReactNode;
}) {
  return (
    <div role="group" aria-label={name} className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-900">{question}</p>
      {children}
      <div className="flex gap-2">
        <Button type="button" variant="danger" disabled={busy} onClick={onConfirm}>
          {action}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {cancel}
        </Button>
      </div>
    </div>
  );
}

/** A code block with a button that copies it. */
export function CopySnippet({
  id,
  label,
  code,
  labels,
}: {
  id: string;
  label: string;
  code: string;
  labels: Pick<Messages['Dashboard']['widgets']['snippet'], 'copy' | 'copied' | 'failed'>;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      void toast.success(labels.copied);
    } catch {
      void toast.error(labels.failed);
    }
  }
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-label`} className="text-sm font-semibold text-slate-900">
          {label}
        </h3>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          aria-describedby={`${id}-label`}
        >
          {labels.copy}
        </Button>
      </div>
      <pre
        aria-labelledby={`${id}-label`}
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-50"
      >
        <code data-snippet={id}>{code}</code>
      </pre>
    </div>
  );
}

/**
 * Deactivates a widget (it stops serving visitors and frees its place in the plan; nothing is deleted) or
 * activates it again, which the server allows within the plan's limit and otherwise explains.
 */
export function WidgetActivation({
  id,
  name,
  active,
  labels,
}: {
  id: string;
  name: string;
  active: boolean;
  labels: Messages['Dashboard']['widgets']['activation'];
}) {
  const router = useRouter();
  const { submit, busy, error } = useJsonSubmit(labels.error);

  async function toggle() {
    const result = await submit<unknown>(`/api/widgets/${encodeURIComponent(id)}`, 'PATCH', { active: !active });
    if (result === null) return;
    void toast.success(active ? labels.deactivated : labels.activated);
    router.refresh();
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        aria-label={`${active ? labels.deactivate : labels.activate}: ${name}`}
        onClick={() => void toggle()}
      >
        {active ? labels.deactivate : labels.activate}
      </Button>
      <FormError message={error} />
    </div>
  );
}
