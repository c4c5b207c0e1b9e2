'use client';

import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';
import { TOAST_DEFAULTS, type ToastPosition, type ToastType } from './config';
import { ToastCard } from '@/components/ui/toast-card';

export type ToastOptions = {
  position?: ToastPosition;
  /** Milliseconds until it closes by itself; `Infinity` keeps it until closed. */
  duration?: number;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  /** Reuse an id to replace a toast instead of stacking a second one. */
  id?: string | number;
};

function show(type: ToastType, message: ReactNode, options: ToastOptions = {}) {
  const duration = options.duration ?? TOAST_DEFAULTS.durationMs;
  // Sonner positions, stacks and swipes the toast; the card keeps its own timer so that it can pause
  // on focus loss and drive the progress bar, which sonner does not do.
  return sonner.custom(
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
  );
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => show('default', message, options), {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  show,
  dismiss: (id?: string | number) => sonner.dismiss(id),
});
