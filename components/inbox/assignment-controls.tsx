'use client';

import { useState } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import type { InboxConversationView } from '@/lib/conversations/constants';
import type { Messages } from '@/lib/i18n/slices';
import type { Teammate } from './use-inbox';

type Labels = Messages['Dashboard']['inbox']['assignment'];
const UNASSIGNED = '';

/**
 * Who answers a conversation: claim it (of two at once, one wins; the other is told who), or assign it to
 * a teammate, reassign or unassign it.
 */
export function AssignmentControls({
  base,
  me,
  conversation,
  teammates,
  labels,
  onChanged,
}: {
  /** The conversation's API address. */
  base: string;
  me: string;
  conversation: InboxConversationView;
  teammates: Teammate[];
  labels: Labels;
  onChanged: (conversation: InboxConversationView) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(request: () => Promise<{ conversation: InboxConversationView }>) {
    setBusy(true);
    setError(null);
    try {
      onChanged((await request()).conversation);
    } catch (caught) {
      setError(readApiError(caught).message ?? labels.failed);
    } finally {
      setBusy(false);
    }
  }

  const claim = () => act(() => $fetch(`${base}/claim`, { method: 'POST' }));
  const assign = (uid: string) =>
    act(() => $fetch(base, { method: 'PATCH', body: { assigneeId: uid === UNASSIGNED ? null : uid } }));
  const assignee = conversation.assignee;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p data-testid="assignee" className="text-slate-800">
        {assignee ? `${labels.assignee}: ${assignee.uid === me ? labels.you : assignee.name}` : labels.nobody}
      </p>
      {assignee?.uid !== me && (
        <button
          type="button"
          disabled={busy || assignee !== null}
          onClick={() => void claim()}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          {labels.claim}
        </button>
      )}
      <label className="flex items-center gap-1.5 text-slate-900">
        {labels.assignTo}
        <select
          value={assignee?.uid ?? UNASSIGNED}
          disabled={busy}
          onChange={(event) => void assign(event.target.value)}
          className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
        >
          <option value={UNASSIGNED}>{labels.unassigned}</option>
          {teammates.map((member) => (
            <option key={member.uid} value={member.uid}>
              {member.uid === me ? `${member.name} (${labels.you})` : member.name}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="basis-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
