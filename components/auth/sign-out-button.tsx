'use client';

import { useState } from 'react';
import { signOut } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { endServerSession, withIntendedSignOut } from '@/lib/auth/client-session';
import { toast } from '@/lib/toast';

type Props = { config: ClientFirebaseConfig; locale: string; label: string; failed: string; loginPath: string; className?: string };

/** Signs out of Firebase and ends the server session, then shows the login page. */
export function SignOutButton({ config, locale, label, failed, loginPath, className }: Props) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await withIntendedSignOut(() => Promise.all([signOut(firebaseAuth(config, locale)), endServerSession()]));
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
