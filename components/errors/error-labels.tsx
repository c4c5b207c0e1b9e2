'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Messages } from '@/lib/i18n/slices';

export type ErrorLabels = {
  texts: Pick<Messages['Errors'], 'notFound' | 'serverError' | 'retry' | 'home' | 'reference'>;
  homeHref: string;
};

const ErrorLabelsContext = createContext<ErrorLabels | null>(null);

/** Hands the translated texts of the error page to the (client-side) error boundary. */
export function ErrorLabelsProvider({ children, ...labels }: ErrorLabels & { children: ReactNode }) {
  return <ErrorLabelsContext value={labels}>{children}</ErrorLabelsContext>;
}

export function useErrorLabels(): ErrorLabels {
  const labels = useContext(ErrorLabelsContext);
  if (!labels) throw new Error('useErrorLabels needs an ErrorLabelsProvider');
  return labels;
}
