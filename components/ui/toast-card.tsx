'use client';

import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode, type MouseEvent } from 'react';
import { toast as sonner } from 'sonner';
import { TOAST_DEFAULTS, type ToastType } from '@/lib/toast/config';
import { cn } from '@/lib/cn';
import type { Messages } from '@/lib/i18n/slices';

/** The toaster's texts: sonner renders each card inside the Toaster, whose provider hands them down. */
export const ToastLabels = createContext<Messages['App']['toast'] | null>(null);

const tone: Record<ToastType, string> = {
  success: 'border-green-700 bg-green-50 text-green-950',
  error: 'border-red-700 bg-red-50 text-red-950',
  warning: 'border-amber-700 bg-amber-50 text-amber-950',
  info: 'border-blue-700 bg-blue-50 text-blue-950',
  default: 'border-slate-300 bg-white text-slate-950',
};

const icons: Record<ToastType, string> = {
  success: 'M5 13l4 4L19 7',
  error: 'M6 18L18 6M6 6l12 12',
  warning: 'M12 9v4m0 4h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  info: 'M13 16h-1v-4h-1m1-4h.01M12 21a9 9 0 110-18 9 9 0 010 18z',
  default:
    'M15 17h5l-1.4-1.4A2 2 0 0118 14.2V11a6 6 0 00-4-5.7V5a2 2 0 10-4 0v.3A6 6 0 006 11v3.2a2 2 0 01-.6 1.4L4 17h5m6 0v1a3 3 0 11-6 0v-1m6 0H9',
};

type ToastCardProps = {
  id: string | number;
  type: ToastType;
  message: ReactNode;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  duration: number;
  progressBar: boolean;
};

/** Pauses while hovered or while the window is not focused; closes on click. */
export function ToastCard({ id, type, message, description, action, duration, progressBar }: ToastCardProps) {
  const labels = use(ToastLabels);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(() => typeof document === 'undefined' || document.hasFocus());
  const remaining = useRef(duration);
  const close = useCallback(() => sonner.dismiss(id), [id]);
  const paused = (TOAST_DEFAULTS.pauseOnHover && hovered) || (TOAST_DEFAULTS.pauseOnFocusLoss && !focused);

  useEffect(() => {
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const startedAt = Date.now();
    const timer = setTimeout(close, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, duration, close]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!TOAST_DEFAULTS.closeOnClick) return;
    if ((event.target as HTMLElement).closest('button, a')) return;
    close();
  };

  const role = type === 'error' || type === 'warning' ? 'alert' : 'status';
  return (
    <div
      role={role}
      dir={TOAST_DEFAULTS.dir}
      data-toast-type={type}
      onClick={onClick}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className={cn(
        'relative flex w-[356px] max-w-full cursor-pointer items-start gap-3 overflow-hidden rounded-md border-l-4 p-4 shadow-lg',
        tone[type],
      )}
    >
      {TOAST_DEFAULTS.icon && (
        <svg
          aria-hidden="true"
          data-toast-icon
          viewBox="0 0 24 24"
          className="mt-0.5 h-5 w-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path strokeLinecap="round" strokeLinejoin="round" d={icons[type]} />
        </svg>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <div className="font-semibold break-words">{message}</div>
        {description && <div className="mt-1 break-words">{description}</div>}
        {action && (
          <button
            type="button"
            onClick={() => {
              action.onClick();
              close();
            }}
            className="mt-2 rounded bg-slate-900 px-2 py-1 text-xs font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {action.label}
          </button>
        )}
      </div>
      {TOAST_DEFAULTS.closeButton && (
        <button
          type="button"
          onClick={close}
          aria-label={labels?.close}
          className="-m-1 rounded p-1 hover:bg-black/10 focus-visible:outline-2"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path strokeLinecap="round" d="M6 18L18 6M6 6l12 12" />
          </svg>
        </button>
      )}
      {progressBar && Number.isFinite(duration) && (
        <div
          data-toast-progress
          aria-hidden="true"
          className="toast-progress absolute bottom-0 left-0 h-1 w-full origin-left bg-current opacity-60"
          style={{ animationDuration: `${duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        />
      )}
    </div>
  );
}
