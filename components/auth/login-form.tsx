'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { signInWithEmailAndPassword, type UserCredential } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { signOutExpiredUser, startServerSession } from '@/lib/client/session';
import { safeRedirectPath } from '@/lib/auth/redirect';
import { inSavedLocale } from '@/lib/client/locale-memory';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';
import { ForgotPassword } from './forgot-password';
import { GoogleSignIn } from './google-sign-in';

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  /** Where to go when the page was not opened with a (same-origin) `redirect`. */
  home: string;
  /** `login.expired`: why a sign-in older than 24 hours was ended (spec §4). */
  labels: Pick<Messages['Auth'], 'fields' | 'login' | 'or' | 'google' | 'forgot'>;
  errors: AuthErrorMessages;
};

export function LoginForm({ config, locale, home, labels, errors }: Props) {
  const { fields, login } = labels;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const auth = () => firebaseAuth(config, locale);

  useEffect(() => {
    // A Firebase user left from a sign-in over 24 hours ago is signed out here, once, with the reason.
    let current = true;
    void signOutExpiredUser(firebaseAuth(config, locale)).then((done) => current && done && setExpired(true));
    return () => {
      current = false;
    };
  }, [config, locale]);

  async function complete(signIn: () => Promise<UserCredential>) {
    setBusy(true);
    setError(null);
    try {
      const { user } = await signIn();
      const { locale: saved } = await startServerSession(user);
      const target = safeRedirectPath(new URLSearchParams(window.location.search).get('redirect'), home);
      // A full load, so that every server component renders with the new session; in the language the
      // user saved in their settings (a new device does not know it yet).
      window.location.assign(saved ? inSavedLocale(target, saved) : target);
    } catch (caught) {
      setError(describeAuthError(caught, errors));
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void complete(() =>
      signInWithEmailAndPassword(auth(), String(form.get('email') ?? ''), String(form.get('password') ?? '')),
    );
  }

  return (
    <>
      {expired && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {login.expired}
        </p>
      )}
      <form onSubmit={onSubmit} className="space-y-4" aria-label={login.title} aria-busy={busy} noValidate>
        <TextField id="email" type="email" label={fields.email} autoComplete="email" required />
        <TextField id="password" type="password" label={fields.password} autoComplete="current-password" required />
        <FormError message={error} />
        <Button type="submit" className="w-full" disabled={busy}>
          {login.submit}
        </Button>
      </form>
      {config.google && (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-slate-600" role="separator">
            <span className="h-px flex-1 bg-slate-200" />
            {labels.or}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleSignIn
            local={config.emulatorUrl !== null}
            auth={auth}
            busy={busy}
            labels={labels.google}
            button={login.google}
            onSignIn={(signIn) => void complete(signIn)}
          />
        </>
      )}
      {/* Asking for a reset link starts anew: the sign-in's error no longer applies. */}
      <ForgotPassword config={config} locale={locale} labels={labels} errors={errors} onOpen={() => setError(null)} />
    </>
  );
}
