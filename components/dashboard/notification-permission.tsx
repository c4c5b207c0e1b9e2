'use client';

import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import type { Messages } from '@/lib/i18n/slices';

type State = NotificationPermission | 'unsupported';

const current = (): State => ('Notification' in window ? Notification.permission : 'unsupported');

/**
 * The browser's permission for desktop notifications: its state, and a button that asks for it (only on the
 * operator's click, which browsers require) while it has not been answered.
 */
export function NotificationPermission({ labels }: { labels: Messages['Dashboard']['settings']['alerts'] }) {
  const [asked, setAsked] = useState<State | null>(null);
  // Unknown on the server; read from the browser once hydrated.
  const read = useSyncExternalStore(
    () => () => {},
    current,
    () => null,
  );
  const state = asked ?? read;
  return (
    <div role="group" aria-labelledby="desktop-label" aria-describedby="desktop-hint">
      <p id="desktop-label" className="text-sm font-medium text-slate-900">
        {labels.desktop}
      </p>
      <p id="desktop-hint" className="text-sm text-slate-600">
        {labels.desktopHint}
      </p>
      <p className="mt-2 text-sm text-slate-900" role="status">
        {state && labels.permission[state]}
      </p>
      {state === 'default' && (
        <Button
          type="button"
          variant="secondary"
          className="mt-2"
          onClick={() => void Notification.requestPermission().then(setAsked, () => setAsked(current()))}
        >
          {labels.allow}
        </Button>
      )}
    </div>
  );
}
