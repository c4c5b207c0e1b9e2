'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type ErrorLabels = {
  notFoundTitle: string;
  serverErrorTitle: string;
  serverErrorMessage: string;
  retry: string;
  home: string;
  homeHref: string;
  /** Contains `{digest}`. */
  reference: string;
};

const ErrorLabelsContext = createContext<ErrorLabels | null>(null);

/** Hands the translated texts of the error page to the (client-side) error boundary. */
export function ErrorLabelsProvider({ labels, children }: { labels: ErrorLabels; children: ReactNode }) {
  return <ErrorLabelsContext.Provider value={labels}>{children}</ErrorLabelsContext.Provider>;
}

export function useErrorLabels(): ErrorLabels {
  const labels = useContext(ErrorLabelsContext);
  if (!labels) throw new Error('useErrorLabels needs an ErrorLabelsProvider');
  return labels;
}
