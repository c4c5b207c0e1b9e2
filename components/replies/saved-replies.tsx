'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import type { ReplyView } from '@/lib/replies/placeholders';
import { fill } from '@/lib/i18n/slices';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { ReplyForm, type RepliesLabels } from './reply-form';

/** One saved reply: its title and texts; for owners and admins its edit form and its deletion (confirmed once). */
function ReplyItem({
  api,
  reply,
  manage,
  labels,
  onChanged,
}: {
  api: string;
  reply: ReplyView;
  manage: boolean;
  labels: RepliesLabels;
  onChanged: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleting = useJsonSubmit(labels.error);

  async function remove() {
    if ((await deleting.submit(`${api}/${reply.id}`, 'DELETE')) === null) return;
    onChanged(labels.deleted);
  }

  if (editing)
    return (
      <li className="py-4">
        <ReplyForm
          api={api}
          reply={reply}
          labels={labels}
          onDone={() => {
            setEditing(false);
            onChanged(labels.saved);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li className="space-y-2 py-4">
      <h3 className="font-semibold text-slate-900">{reply.title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {(['en', 'de'] as const).map((language) => {
          const text = language === 'en' ? reply.textEn : reply.textDe;
          return (
            <div key={language} className="contents">
              <dt className="text-slate-700">{labels.languages[language]}</dt>
              <dd lang={text ? language : undefined} className="whitespace-pre-line text-slate-900">
                {text ?? <span className="text-slate-600">{labels.noText}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      {manage && (
        <div className="flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <p className="text-sm text-slate-900">{fill(labels.confirmDelete, { title: reply.title })}</p>
              <Button size="sm" variant="danger" disabled={deleting.busy} onClick={() => void remove()}>
                {labels.confirm}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                {labels.cancel}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                aria-label={fill(labels.editLabel, { title: reply.title })}
                onClick={() => setEditing(true)}
              >
                {labels.edit}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={fill(labels.deleteLabel, { title: reply.title })}
                onClick={() => setConfirming(true)}
              >
                {labels.delete}
              </Button>
            </>
          )}
        </div>
      )}
      <FormError message={deleting.error} />
    </li>
  );
}

/**
 * A workspace's saved replies: the list every member reads, and for owners and admins (`manage`) the form that
 * adds one and each reply's edit and delete (the API refuses agents anyway).
 */
export function SavedReplies({
  api,
  replies,
  manage,
  labels,
}: {
  api: string;
  replies: ReplyView[];
  manage: boolean;
  labels: RepliesLabels;
}) {
  const router = useRouter();
  const changed = (message: string) => {
    void toast.success(message);
    router.refresh();
  };
  return (
    <div className="space-y-6">
      {manage && (
        <Card>
          <ReplyForm api={api} labels={labels} onDone={() => changed(labels.created)} />
        </Card>
      )}
      <Card title={labels.list} titleId="replies-list">
        {!manage && <p className="mb-2 text-slate-700">{labels.agentNote}</p>}
        {replies.length === 0 ? (
          <p className="text-slate-700">{labels.empty}</p>
        ) : (
          <ul aria-labelledby="replies-list" className="divide-y divide-slate-200">
            {replies.map((reply) => (
              <ReplyItem key={reply.id} api={api} reply={reply} manage={manage} labels={labels} onChanged={changed} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
