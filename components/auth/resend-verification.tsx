'use client';

import { useEffect, useState } from 'react';
import { sendEmailVerification } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { currentUser } from '@/lib/client/account';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import { fill, type Messages } from '@/lib/i18n/slices';

/** Seconds between two verification e-mails. */
export const RESEND_COOLDOWN_S = 60;

/**
 * Sends the verification e-mail again (in the page's language, leading on to the same page as the first),
 * then waits a minute before the next.
 */
export function ResendVerification({
  config,
  locale,
  continueUrl,
  labels,
  errors,
}: {
  config: ClientFirebaseConfig;
  locale: string;
  /** Where the mail's link leads on after the verification (absolute), if anywhere but the dashboard. */
  continueUrl?: string | null;
  labels: Pick<Messages['Auth']['verify'], 'resend' | 'resendIn' | 'resent'>;
  errors: AuthErrorMessages;
}) {
  const [cooldown, setCooldown] = useState(0);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function resend() {
    setError(null);
    try {
      await sendEmailVerification(
        await currentUser(firebaseAuth(config, locale)),
        continueUrl ? { url: continueUrl } : null,
      );
      setResent(true);
      setCooldown(RESEND_COOLDOWN_S);
    } catch (caught) {
      setError(describeAuthError(caught, errors));
    }
  }

  return (
    <div className="space-y-3">
      <FormError message={error} />
      {resent && (
        <p role="status" className="text-sm text-green-800">
          {labels.resent}
        </p>
      )}
      <Button variant="secondary" onClick={() => void resend()} disabled={cooldown > 0}>
        {cooldown > 0 ? fill(labels.resendIn, { seconds: cooldown }) : labels.resend}
      </Button>
    </div>
  );
}
