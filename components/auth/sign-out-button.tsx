'use client';

import { useState } from 'react';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { toast } from '@/components/ui/toast';

type Props = {
  config?: ClientFirebaseConfig;
  locale: string;
  label: string;
  failed: string;
  loginPath: string;
  className?: string;
};

/**
 * Signs out of Firebase and ends the server session, then shows the login page. The Firebase SDK is
 * loaded on the click, so that the header of every page can offer it without its weight.
 */
export function SignOutButton({ config, locale, label, failed, loginPath, className }: Props) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      const { signOutEverywhere } = await import('@/lib/client/sign-out');
      await signOutEverywhere(locale, config);
      window.location.assign(loginPath);
    } catch {
      setBusy(false);
      void toast.error(failed);
    }
  }
  return (
    <button type="button" onClick={() => void onClick()} disabled={busy} className={className}>
      {label}
    </button>
  );
}
