'use client';

import { useState, type FormEvent } from 'react';
import { sendPasswordResetEmail } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import type { Messages } from '@/lib/i18n/slices';

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  labels: Pick<Messages['Auth'], 'forgot' | 'fields'>;
  errors: AuthErrorMessages;
  /** The form was opened. */
  onOpen?: () => void;
};

/**
 * "Forgot your password?": the provider e-mails a reset link (in the page's language). Known and unknown
 * addresses get the same answer, so the form tells nobody who has an account (as the provider does
 * with e-mail enumeration protection on).
 */
export function ForgotPassword({ config, locale, labels: { forgot, fields }, errors, onOpen }: Props) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const email = String(new FormData(event.currentTarget).get('resetEmail') ?? '');
    // The last answer goes while this one is on its way: it was about the address before.
    setMessage(null);
    setSending(true);
    try {
      await sendPasswordResetEmail(firebaseAuth(config, locale), email);
      setMessage({ ok: true, text: forgot.sent });
    } catch (error) {
      const unknown = (error as { code?: unknown }).code === 'auth/user-not-found';
      setMessage(unknown ? { ok: true, text: forgot.sent } : { ok: false, text: describeAuthError(error, errors) });
    } finally {
      setSending(false);
    }
  }

  return (
    <details className="mt-6" onToggle={(event) => event.currentTarget.open && onOpen?.()}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">{forgot.toggle}</summary>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-3" aria-label={forgot.toggle} noValidate>
        <TextField id="resetEmail" type="email" label={fields.email} autoComplete="email" required />
        {message && (
          <p
            role={message.ok ? 'status' : 'alert'}
            className={message.ok ? 'text-sm text-green-800' : 'text-sm text-red-800'}
          >
            {message.text}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={sending} aria-busy={sending}>
          {forgot.submit}
        </Button>
      </form>
    </details>
  );
}
