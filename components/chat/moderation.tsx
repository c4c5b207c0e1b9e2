'use client';

// Support staff's controls in a chat room, loaded only for staff (the room imports this module on demand).
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import { MUTE_DURATIONS, type ChatMessageView, type ChatMuteView } from '@/lib/chat/constants';
import type { ModerationLabels } from '@/lib/chat/labels';
import { fill } from '@/lib/client/messages';
import { Button, buttonClasses } from '@/components/ui/button';

type Notice = { text: string; error: boolean } | null;
type State = { mutes: ChatMuteView[]; notice: Notice };

/** One room's mutes and the latest outcome, shared by every control of the room (the page may show several). */
class RoomModeration {
  private state: State = { mutes: [], notice: null };
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;

  constructor(
    readonly base: string,
    readonly labels: ModerationLabels,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.state;

  private set(next: Partial<State>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  load() {
    this.loading ??= $fetch<{ mutes: ChatMuteView[] }>(`${this.base}/mutes`, { retry: 2 })
      .then(({ mutes }) => this.set({ mutes }))
      .catch((error: unknown) => this.fail(error));
  }

  /** Runs a staff action; answers whether it worked (its outcome is announced either way). */
  async act(action: () => Promise<void>, done: string): Promise<boolean> {
    try {
      await action();
      this.set({ notice: { text: done, error: false } });
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    }
  }

  async remove(message: ChatMessageView) {
    return this.act(
      () => $fetch(`${this.base}/messages/${message.id}`, { method: 'DELETE' }),
      fill(this.labels.deleted, { name: message.author.name }),
    );
  }

  async mute(message: ChatMessageView, minutes: number | undefined) {
    return this.act(
      async () => {
        const { mute } = await $fetch<{ mute: ChatMuteView }>(`${this.base}/mutes`, {
          method: 'POST',
          body: { messageId: message.id, minutes },
        });
        this.set({ mutes: [mute, ...this.state.mutes.filter((other) => other.id !== mute.id)] });
      },
      fill(this.labels.mutedDone, { name: message.author.name }),
    );
  }

  async unmute(mute: ChatMuteView) {
    return this.act(
      async () => {
        await $fetch(`${this.base}/mutes/${mute.id}`, { method: 'DELETE' });
        this.set({ mutes: this.state.mutes.filter((other) => other.id !== mute.id) });
      },
      fill(this.labels.unmutedDone, { name: mute.name }),
    );
  }

  private fail(error: unknown) {
    this.set({ notice: { text: readApiError(error).message ?? this.labels.failed, error: true } });
  }
}

const rooms = new Map<string, RoomModeration>();

function useRoom(base: string, labels: ModerationLabels): [RoomModeration, State] {
  let room = rooms.get(base);
  if (!room || room.labels !== labels) rooms.set(base, (room = new RoomModeration(base, labels)));
  const state = useSyncExternalStore(room.subscribe, room.get, room.get);
  return [room, state];
}

const small = buttonClasses('secondary', 'sm', 'px-2 py-0.5 text-xs');

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
          className={small}
          disabled={busy}
          aria-label={fill(labels.deleteLabel, { name })}
          onClick={() => void run(() => room.remove(message), deleted)}
        >
          {labels.delete}
        </button>
        <button
          ref={muteButton}
          type="button"
          className={small}
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

const CHOICES = [
  ['hour', MUTE_DURATIONS[0]],
  ['day', MUTE_DURATIONS[1]],
  ['week', MUTE_DURATIONS[2]],
  ['forever', undefined],
] as const;

function MuteConfirmation({
  name,
  labels,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  labels: ModerationLabels;
  busy: boolean;
  onConfirm: (minutes: number | undefined) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = new FormData(event.currentTarget).get('duration');
    onConfirm(CHOICES.find(([key]) => key === choice)?.[1]);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="max-w-md space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm"
    >
      <p id={`${id}-title`} className="font-semibold text-slate-900">
        {fill(labels.confirmTitle, { name })}
      </p>
      <p className="text-slate-700">{fill(labels.confirmLead, { name })}</p>
      <fieldset>
        <legend className="font-medium text-slate-900">{labels.duration}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {CHOICES.map(([key], index) => (
            <label key={key} className="flex items-center gap-1.5 text-slate-900">
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name="duration"
                value={key}
                defaultChecked={key === 'day'}
              />
              {labels.durations[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          {labels.confirm}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {labels.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The room's muted authors with a way to lift each mute, and the outcome of the latest staff action. */
export function MutedAuthors({ base, labels, locale }: { base: string; labels: ModerationLabels; locale: string }) {
  const [room, { mutes, notice }] = useRoom(base, labels);
  const id = useId();
  useEffect(() => room.load(), [room]);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {labels.listTitle}
      </h3>
      <p className="text-slate-700">{labels.intro}</p>
      {mutes.length === 0 ? (
        <p className="text-slate-700">{labels.listEmpty}</p>
      ) : (
        <ul className="space-y-1">
          {mutes.map((mute) => (
            <li key={mute.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{mute.name}</span>
              <span className="text-slate-700">
                {mute.until ? fill(labels.until, { time: format.format(new Date(mute.until)) }) : labels.untilUnmuted}
              </span>
              <button
                type="button"
                className={small}
                aria-label={fill(labels.unmuteLabel, { name: mute.name })}
                onClick={() => void room.unmute(mute)}
              >
                {labels.unmute}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={notice?.error ? 'text-red-700' : 'text-slate-700'}>
        {notice?.text}
      </p>
    </section>
  );
}
