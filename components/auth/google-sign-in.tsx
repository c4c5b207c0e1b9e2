'use client';

import { useState, type FormEvent } from 'react';
import {
  GoogleAuthProvider,
  signInWithCredential,
  signInWithPopup,
  type Auth,
  type UserCredential,
} from 'firebase/auth';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import type { Messages } from '@/lib/i18n/slices';

type Props = {
  /** Local mode: the Auth emulator stands in for Google (no Google code can load, nor reach Google). */
  local: boolean;
  auth: () => Auth;
  busy: boolean;
  labels: Messages['Auth']['google'];
  /** "Continue with Google". */
  button: string;
  onSignIn: (signIn: () => Promise<UserCredential>) => void;
};

/**
 * "Continue with Google". With a real project, Google's popup (the Firebase SDK's flow). In local
 * mode, the emulator's own flow: it signs in a test Google account named by its e-mail address, with
 * an unsigned credential only the emulator accepts, and says so.
 */
export function GoogleSignIn({ local, auth, busy, labels, button, onSignIn }: Props) {
  const [asking, setAsking] = useState(false);

  function onLocalSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('googleEmail') ?? '')
      .trim()
      .toLowerCase();
    // The emulator's documented stand-in for Google's ID token: the claims as JSON, one account per address.
    const claims = JSON.stringify({ sub: `local-${email}`, email, email_verified: true });
    onSignIn(() => signInWithCredential(auth(), GoogleAuthProvider.credential(claims)));
  }

  if (local && asking) {
    return (
      <form
        onSubmit={onLocalSubmit}
        className="space-y-3 rounded-md border border-slate-300 p-4"
        aria-label={labels.title}
        aria-busy={busy}
      >
        <p className="text-sm font-semibold text-slate-900">{labels.title}</p>
        <p className="text-sm text-slate-700">{labels.localMode}</p>
        {/* The button that opened this form is gone: the address field takes the focus. */}
        <TextField id="googleEmail" type="email" label={labels.email} autoComplete="email" autoFocus required />
        <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
          {labels.submit}
        </Button>
      </form>
    );
  }
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={busy}
      onClick={() => (local ? setAsking(true) : onSignIn(() => signInWithPopup(auth(), new GoogleAuthProvider())))}
    >
      {button}
    </Button>
  );
}
