'use client';

/** Translated labels for toast chrome, set once by the app shell (toasts are created outside React). */
export const toastLabels = { close: 'Close', region: 'Notifications' };

export function setToastLabels(labels: Partial<typeof toastLabels>) {
  Object.assign(toastLabels, labels);
}
