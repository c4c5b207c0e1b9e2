'use client';

import type { ReactNode } from 'react';
import { TOAST_DEFAULTS, type ToastPosition, type ToastType } from '@/lib/toast/config';

export type ToastOptions = {
  position?: ToastPosition;
  /** Milliseconds until it closes by itself; `Infinity` keeps it until closed. */
  duration?: number;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  /** Reuse an id to replace a toast instead of stacking a second one. */
  id?: string | number;
};

// Sonner and the card are loaded on demand, when the first toast is raised, so that a page that shows
// none never downloads or runs them (they were a long task on every landing page load). The app shell
// mounts the toaster once it is wanted; a toast raised before the toaster is mounted waits for it.
const wantedListeners = new Set<() => void>();

/** For useSyncExternalStore: has any toast been raised in this page yet (is the runtime loading)? */
export function toasterWanted() {
  return runtime !== undefined;
}

export function subscribeToasterWanted(listener: () => void) {
  wantedListeners.add(listener);
  return () => void wantedListeners.delete(listener);
}

let toasterMounted: () => void;
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** Called by the Toaster once it listens. */
export function markToasterMounted() {
  toasterMounted();
}

let runtime:
  Promise<{ sonner: typeof import('sonner').toast; ToastCard: typeof import('./toast-card').ToastCard }> | undefined;

function load() {
  if (!runtime) {
    runtime = Promise.all([import('sonner'), import('./toast-card'), mounted]).then(([sonner, card]) => ({
      sonner: sonner.toast,
      ToastCard: card.ToastCard,
    }));
    for (const listener of wantedListeners) listener();
  }
  return runtime;
}

function show(type: ToastType, message: ReactNode, options: ToastOptions = {}): Promise<string | number> {
  const duration = options.duration ?? TOAST_DEFAULTS.durationMs;
  // Sonner positions, stacks and swipes the toast; the card keeps its own timer so that it can pause
  // on focus loss and drive the progress bar, which sonner does not do.
  return load().then(({ sonner, ToastCard }) =>
    sonner.custom(
      (id) => (
        <ToastCard
          id={id}
          type={type}
          message={message}
          description={options.description}
          action={options.action}
          duration={duration}
          progressBar={TOAST_DEFAULTS.progressBar(type)}
        />
      ),
      { id: options.id, position: options.position ?? TOAST_DEFAULTS.position, duration: Infinity, dismissible: true },
    ),
  );
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => show('default', message, options), {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  show,
  dismiss: (id?: string | number) => load().then(({ sonner }) => sonner.dismiss(id)),
});

const FLASH_KEY = 'flash-toast';

/** Keeps a toast for the next page this tab opens (e.g. the reason of a sign-out, shown on the login page). */
export function flashToast(type: ToastType, message: string) {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ type, message }));
  } catch {
    void show(type, message);
  }
}

/** Shows a toast kept by flashToast, once. */
export function showFlashedToast() {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { type, message } = JSON.parse(raw) as { type: ToastType; message: string };
    if (typeof message === 'string') void show(type, message);
  } catch {
    // Not ours: ignore.
  }
}
