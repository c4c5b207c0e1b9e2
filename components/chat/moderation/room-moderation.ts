'use client';

// One room's moderation state, shared by the staff controls of the room.
import { useSyncExternalStore } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import type { ChatMessageView, ChatMuteView } from '@/lib/chat/constants';
import type { ModerationLabels } from '@/lib/chat/labels';
import { fill } from '@/lib/i18n/slices';
import { buttonClasses } from '@/components/ui/button';

type Notice = { text: string; error: boolean } | null;
type RoomState = { mutes: ChatMuteView[]; notice: Notice };

/** One room's mutes and the latest outcome, shared by every control of the room (the page may show several). */
class RoomModeration {
  private state: RoomState = { mutes: [], notice: null };
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

  private set(next: Partial<RoomState>) {
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

/** The room's state and its controller, one per room for every control that asks (made anew in another language). */
export function useRoom(base: string, labels: ModerationLabels): [RoomModeration, RoomState] {
  let room = rooms.get(base);
  if (!room || room.labels !== labels) rooms.set(base, (room = new RoomModeration(base, labels)));
  const state = useSyncExternalStore(room.subscribe, room.get, room.get);
  return [room, state];
}

/** The look of every staff control in the room: small, so that it does not outweigh the message. */
export const smallButton = buttonClasses('secondary', 'sm', 'px-2 py-0.5 text-xs');
