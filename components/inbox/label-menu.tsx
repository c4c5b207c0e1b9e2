'use client';

import { useId, useRef, useState } from 'react';
import { $fetch } from 'ofetch';
import type { InboxConversationView, LabelView } from '@/lib/conversations/constants';
import type { Messages } from '@/lib/i18n/slices';
import { CHIP_CLASSES } from './label-chip';
import { cn } from '@/lib/cn';
import { useConversationAction } from './conversation-action';

/**
 * The thread's labels control: a button that opens a group of checkboxes, one per label of the workspace;
 * each change sets the conversation's labels at once. Escape closes it and gives focus back to the button.
 */
export function LabelMenu({
  base,
  conversation,
  workspaceLabels,
  labels,
  onChanged,
}: {
  /** The conversation's API address. */
  base: string;
  conversation: InboxConversationView;
  workspaceLabels: LabelView[];
  labels: Messages['Dashboard']['inbox']['labels'];
  onChanged: (conversation: InboxConversationView) => void;
}) {
  const [open, setOpen] = useState(false);
  const { busy, act, alert } = useConversationAction(onChanged, labels.failed);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useId();
  // The set being sent shows at once (a checkbox that does not follow a click reads as broken); the answer's
  // conversation, or the old set after a failure, takes over when it comes.
  const [sending, setSending] = useState<string[] | null>(null);
  const current = sending ?? conversation.labels;

  function toggle(id: string, on: boolean) {
    // One change at a time (each sends the whole set); the box keeps focus, so Escape still closes the group.
    if (busy) return;
    const ids = on ? [...current, id] : current.filter((other) => other !== id);
    setSending(ids);
    void act(() => $fetch(`${base}/labels`, { method: 'PUT', body: { labels: ids } })).finally(() => setSending(null));
  }

  return (
    <div
      className="text-sm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
        className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {labels.button}
      </button>
      <fieldset
        id={panel}
        hidden={!open}
        aria-busy={busy}
        className="mt-2 rounded-md border border-slate-300 bg-white p-2"
      >
        <legend className="px-1 font-semibold text-slate-900">{labels.menu}</legend>
        {workspaceLabels.length === 0 ? (
          <p className="text-slate-700">{labels.none}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {workspaceLabels.map((label) => (
              <li key={label.id}>
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-1.5 rounded-full px-2 py-0.5 ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                    CHIP_CLASSES[label.colour],
                  )}
                >
                  <input
                    type="checkbox"
                    checked={current.includes(label.id)}
                    onChange={(event) => toggle(label.id, event.target.checked)}
                  />
                  {label.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {alert}
    </div>
  );
}
