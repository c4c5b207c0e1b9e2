'use client';

import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { setToastLabels } from '@/components/ui/toast-labels';
import { GlobalErrorHandler } from './global-error-handler';
import { VersionNotice } from './version-notice';
import { showFlashedToast, subscribeToasterWanted, toasterWanted } from '@/lib/toast';

// Loaded when the first toast is raised: a page that shows none never runs sonner (see lib/toast).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

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
  const wantsToaster = useSyncExternalStore(subscribeToasterWanted, toasterWanted, () => false);
  useEffect(() => {
    // Marks the page interactive (the global handlers are listening); end-to-end tests wait for it.
    document.documentElement.dataset.hydrated = 'true';
    showFlashedToast();
  }, []);
  return (
    <>
      {wantsToaster && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      <GlobalErrorHandler generalError={labels.generalError} />
      <VersionNotice message={labels.newVersion} reload={labels.reload} />
    </>
  );
}
