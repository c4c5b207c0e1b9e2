'use client';

import { useEffect } from 'react';
import dynamic from 'next/dynamic';
import { setToastLabels } from '@/components/ui/toast-labels';
import { GlobalErrorHandler } from './global-error-handler';
import { VersionNotice } from './version-notice';
import { showFlashedToast } from '@/lib/toast';

// Loaded after hydration: toasts are never part of the first paint (see lib/toast).
const Toaster = dynamic(() => import('@/components/ui/toaster').then((m) => m.Toaster), { ssr: false });

export type AppShellLabels = {
  close: string;
  region: string;
  generalError: string;
  newVersion: string;
  reload: string;
};

/** The client-side parts every page has: toasts, the global error handler and the new-version notice. */
export function AppShellClient({ labels }: { labels: AppShellLabels }) {
  setToastLabels({ close: labels.close, region: labels.region });
  useEffect(() => {
    // Marks the page interactive (the global handlers are listening); end-to-end tests wait for it.
    document.documentElement.dataset.hydrated = 'true';
    showFlashedToast();
  }, []);
  return (
    <>
      <Toaster />
      <GlobalErrorHandler generalError={labels.generalError} />
      <VersionNotice message={labels.newVersion} reload={labels.reload} />
    </>
  );
}
