'use client';

import { useEffect, useMemo } from 'react';
import { usePathname } from 'next/navigation';
import { isChunkLoadError, mayReloadAfterChunkError, reloadAfterChunkError, tabReloadGuard } from '@/lib/client/errors';

/**
 * For an error boundary (route, layout, global): a chunk that failed to load, as after a deployment,
 * reloads the page, at most once per 10 s for the same path (spec §4). True while that reload is under
 * way, so the boundary shows nothing instead of an error page; a second failure within the window
 * shows the error page. The path is the router's, the page that failed: during a navigation the
 * address bar names it only after this render.
 */
export function useChunkReload(error: unknown): boolean {
  const pathname = usePathname();
  const reloading = useMemo(
    () =>
      typeof window !== 'undefined' && isChunkLoadError(error) && mayReloadAfterChunkError(pathname, tabReloadGuard()),
    [error, pathname],
  );
  useEffect(() => {
    if (reloading) reloadAfterChunkError(pathname, tabReloadGuard());
  }, [reloading, pathname]);
  return reloading;
}
