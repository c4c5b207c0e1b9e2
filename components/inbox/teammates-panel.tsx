'use client';

import { useState } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import type { Messages } from '@/lib/i18n/slices';
import type { Teammate } from './use-inbox';

type Labels = Messages['Dashboard']['inbox']['teammates'];
type Switch = 'auto' | 'available' | 'away';

const DOT = { available: 'bg-green-600', away: 'bg-amber-500', offline: 'bg-slate-400' } as const;

/**
 * The operator's own presence switch (automatic from their open inboxes, or available / away by hand) and
 * every teammate's state, kept live by the inbox stream.
 */
export function TeammatesPanel({
  workspaceId,
  me,
  initialSwitch,
  teammates,
  labels,
}: {
  workspaceId: string;
  me: string;
  initialSwitch: Switch;
  teammates: Teammate[];
  labels: Labels;
}) {
  const [mode, setMode] = useState<Switch>(initialSwitch);

  async function choose(value: Switch) {
    const previous = mode;
    setMode(value);
    try {
      await $fetch(`/api/workspaces/${encodeURIComponent(workspaceId)}/presence`, {
        method: 'PUT',
        body: { status: value },
      });
      void toast.success(labels.saved);
    } catch (caught) {
      setMode(previous);
      void toast.error(readApiError(caught).message ?? labels.failed);
    }
  }

  return (
    <section aria-labelledby="teammates-heading" className="flex flex-wrap items-start gap-x-6 gap-y-2">
      <h2 id="teammates-heading" className="sr-only">
        {labels.title}
      </h2>
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {labels.mine}
        <select
          value={mode}
          onChange={(event) => void choose(event.target.value as Switch)}
          className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-normal text-slate-900"
        >
          {(['auto', 'available', 'away'] as const).map((value) => (
            <option key={value} value={value}>
              {labels.switch[value]}
            </option>
          ))}
        </select>
      </label>
      <ul aria-label={labels.title} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        {teammates.map((member) => (
          <li key={member.uid} data-teammate={member.uid} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('inline-block h-2 w-2 rounded-full', DOT[member.presence])} />
            <span>{member.uid === me ? `${member.name} (${labels.you})` : member.name}</span>
            <span className="text-slate-700">{labels.states[member.presence]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
