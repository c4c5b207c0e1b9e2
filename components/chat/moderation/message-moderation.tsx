'use client';

import { useEffect, useRef, useState } from 'react';
import type { ChatMessageView } from '@/lib/chat/constants';
import type { ModerationLabels } from '@/lib/chat/labels';
import { fill } from '@/lib/i18n/slices';
import { MuteConfirmation } from './mute-confirmation';
import { smallButton, useRoom } from './room-moderation';

/** A message's controls: delete it, mute its author (after choosing for how long), or lift the mute. */
export function MessageModeration({
  base,
  message,
  labels,
  onDeleted,
}: {
  base: string;
  message: ChatMessageView;
  labels: ModerationLabels;
  onDeleted: (id: number) => void;
}) {
  const [room, { mutes }] = useRoom(base, labels);
  const mute = mutes.find((candidate) => candidate.messageIds.includes(message.id));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // One button mutes and unmutes, so that focus stays on it when the mute changes.
  const muteButton = useRef<HTMLButtonElement>(null);
  const name = message.author.name;
  // The message and its controls go: focus moves to the room's log rather than the page.
  const deleted = () => {
    muteButton.current?.closest<HTMLElement>('[role="log"]')?.focus();
    onDeleted(message.id);
  };

  const run = async (action: () => Promise<boolean>, after?: () => void) => {
    setBusy(true);
    const worked = await action();
    setBusy(false);
    if (worked) after?.();
  };
  // Back to the button once it is enabled again (after the confirmation closes or the mute changes).
  const refocusing = useRef(false);
  const refocus = () => {
    refocusing.current = true;
  };
  useEffect(() => {
    if (!refocusing.current || busy || confirming) return;
    refocusing.current = false;
    muteButton.current?.focus();
  });

  return (
    <div className="mt-1 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {mute && (
          <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">{labels.muted}</span>
        )}
        <button
          type="button"
          className={smallButton}
          disabled={busy}
          aria-label={fill(labels.deleteLabel, { name })}
          onClick={() => void run(() => room.remove(message), deleted)}
        >
          {labels.delete}
        </button>
        <button
          ref={muteButton}
          type="button"
          className={smallButton}
          disabled={busy || confirming}
          aria-label={fill(mute ? labels.unmuteLabel : labels.muteLabel, { name })}
          aria-expanded={mute ? undefined : confirming}
          onClick={() => (mute ? void run(() => room.unmute(mute), refocus) : setConfirming(true))}
        >
          {mute ? labels.unmute : labels.mute}
        </button>
      </div>
      {confirming && !mute && (
        <MuteConfirmation
          name={name}
          labels={labels}
          busy={busy}
          onConfirm={(minutes) =>
            void run(
              () => room.mute(message, minutes),
              () => {
                setConfirming(false);
                refocus();
              },
            )
          }
          onCancel={() => {
            setConfirming(false);
            refocus();
          }}
        />
      )}
    </div>
  );
}
