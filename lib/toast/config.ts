export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** The defaults of the specification (§9). */
export const TOAST_DEFAULTS = {
  position: 'top-right' as ToastPosition,
  durationMs: 5000,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  swipeToDismiss: true,
  closeButton: true,
  icon: true,
  dir: 'ltr' as const,
  maxVisible: 20,
  newestOnTop: true,
  /** Progress bar hidden by default, shown on error toasts. */
  progressBar: (type: ToastType) => type === 'error',
};
