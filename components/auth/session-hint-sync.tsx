'use client';

import { useEffect } from 'react';
import { hasSessionHint, writeSessionHint } from '@/lib/session/hint';

/**
 * On a page that verified the session at the data: the session hint follows what the server found.
 * `expiresAt` null: no session (one revoked elsewhere leaves its hint behind); else the session's end,
 * which a hint missing from an older sign-in gets as its lifetime.
 */
export function SessionHintSync({ expiresAt }: { expiresAt: string | null }) {
  useEffect(() => {
    const hinted = hasSessionHint();
    if (!expiresAt && hinted) writeSessionHint(0);
    if (expiresAt && !hinted) writeSessionHint(Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  }, [expiresAt]);
  return null;
}
