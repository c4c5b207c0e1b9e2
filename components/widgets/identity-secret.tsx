'use client';

import { useState, type ReactNode } from 'react';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';
import { ConfirmAction, CopySnippet } from './widget-actions';

/** Generates or rotates the widget's identity-verification secret and shows it this once. */
export function IdentitySecret({
  widgetId,
  enabled,
  labels: texts,
  locked,
}: {
  widgetId: string;
  enabled: boolean;
  /** Which plan unlocks identity verification (PlanNeeded), when the workspace's does not: no new secret. */
  locked?: ReactNode;
  labels: Pick<Messages['Dashboard']['widgets'], 'identity' | 'snippet' | 'delete' | 'form'>;
}) {
  const labels = texts.identity;
  const { submit, busy, error } = useJsonSubmit(texts.form.error);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function make() {
    setConfirming(false);
    const result = await submit<{ secret: string }>(`/api/widgets/${encodeURIComponent(widgetId)}/secret`, 'POST');
    if (result) setSecret(result.secret);
  }

  const active = enabled || secret !== null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-800">{active ? labels.enabled : labels.disabled}</p>
      {secret && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <CopySnippet id="identity-secret" label={labels.secret} code={secret} labels={texts.snippet} />
          <p role="alert" className="text-sm text-amber-900">
            {labels.warning}
          </p>
        </div>
      )}
      {locked ? (
        locked
      ) : confirming ? (
        <ConfirmAction
          name={labels.rotate}
          question={labels.confirmRotate}
          action={labels.rotate}
          cancel={texts.delete.cancel}
          busy={busy}
          onConfirm={() => void make()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => (active ? setConfirming(true) : void make())}
        >
          {active ? labels.rotate : labels.generate}
        </Button>
      )}
      <FormError message={error} />
    </div>
  );
}
