'use client';

import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import type { Messages } from '@/lib/i18n/slices';

const CURRENT_BUILD = process.env.NEXT_PUBLIC_BUILD_ID;
const INTERVAL_MS = Number(process.env.NEXT_PUBLIC_VERSION_POLL_INTERVAL_MS) || 5 * 60_000;
/** A focus regained sooner than this after the last check does not ask again. */
const MIN_GAP_MS = 30_000;

/** Asks the server for its build id now and then; offers a reload once a new version is deployed. */
export function VersionNotice({ message, reload }: Messages['App']['newVersion']) {
  useEffect(() => {
    let lastCheck = 0;
    let shown = false;
    const check = async () => {
      if (shown || Date.now() - lastCheck < MIN_GAP_MS) return;
      lastCheck = Date.now();
      try {
        // ofetch retries a failed GET once on 408/409/425/429/5xx (spec §7); loaded on first use, as
        // nothing on first paint needs it.
        const { $fetch } = await import('ofetch');
        const latest = await $fetch<{ id: string }>('/builds/latest.json', { query: { t: Date.now() } });
        if (latest.id && latest.id !== CURRENT_BUILD && !shown) {
          shown = true;
          toast.info(message, {
            id: 'new-version',
            duration: Infinity,
            action: { label: reload, onClick: () => window.location.reload() },
          });
        }
      } catch {
        // Offline or restarting: ask again at the next tick.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = setInterval(() => void check(), INTERVAL_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [message, reload]);
  return null;
}
