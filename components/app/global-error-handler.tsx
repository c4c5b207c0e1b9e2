'use client';

import { useEffect } from 'react';
import { errorMessage, isChunkLoadError, reloadAfterChunkError, tabReloadGuard } from '@/lib/client/errors';
import { toast } from '@/components/ui/toast';

/** Shows uncaught errors and unhandled rejections as error toasts; reloads once after a chunk-load error. */
export function GlobalErrorHandler({ generalError }: { generalError: string }) {
  useEffect(() => {
    const handle = (error: unknown) => {
      if (isChunkLoadError(error) && reloadAfterChunkError(window.location.pathname, tabReloadGuard())) return;
      toast.error(errorMessage(error, generalError));
    };
    const onError = (event: ErrorEvent) => handle(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [generalError]);
  return null;
}
