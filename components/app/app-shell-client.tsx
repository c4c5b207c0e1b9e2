'use client';

import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { openInPlace, restoreLocale } from '@/lib/client/locale-memory';
import type { Messages } from '@/lib/i18n/slices';
import { GlobalErrorHandler } from './global-error-handler';
import { VersionNotice } from './version-notice';
import { showFlashedToast, subscribeToasterWanted, toasterWanted } from '@/components/ui/toast';

// Loaded when the first toast is raised: a page that shows none never runs sonner (see lib/toast).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The client-side parts every page has: toasts, the global error handler, the new-version notice, and
 * the remembered language (restored at start, lib/client/locale-memory).
 */
export function AppShellClient({ labels, locale }: { labels: Messages['App']; locale: Locale }) {
  const wantsToaster = useSyncExternalStore(subscribeToasterWanted, toasterWanted, () => false);
  useEffect(() => {
    const saved = restoreLocale(locale, window.location, navigator.languages);
    if (saved) openInPlace(saved);
  }, [locale]);
  useEffect(() => {
    // Marks the page interactive (the global handlers are listening); end-to-end tests wait for it.
    document.documentElement.dataset.hydrated = 'true';
    showFlashedToast();
  }, []);
  return (
    <>
      {wantsToaster && (
        <Suspense>
          <Toaster labels={labels.toast} />
        </Suspense>
      )}
      <GlobalErrorHandler generalError={labels.errors.general} />
      <VersionNotice {...labels.newVersion} />
    </>
  );
}
