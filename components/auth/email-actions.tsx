'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode, type Auth } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { refreshServerSession } from '@/lib/client/session';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import { FormError } from '@/components/ui/form-error';
import { ResendVerification } from './resend-verification';
import { assertPasswordLength } from '@/lib/auth/password';
import { localeTarget } from '@/lib/client/locale-memory';
import { isLocale } from '@/lib/i18n/routing';
import { fill, type Messages } from '@/lib/i18n/slices';

type Props = {
  /** The page was opened with an action link: the server renders the "working" state already. */
  handlingLink: boolean;
  config: ClientFirebaseConfig;
  locale: string;
  labels: Messages['Auth']['verify'];
  errors: AuthErrorMessages;
  /** `next`: where a verified address goes on (the dashboard, or the page the sign-up came from). */
  links: { next: string; login: string };
  /** The `next` page as an absolute URL, for the mails sent again from here; none when that is the dashboard. */
  continueUrl?: string | null;
  /** The page's other ways on (back to the sign-in, the mailbox), left out once an action is done. */
  children?: ReactNode;
};

type State =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'done'; done: 'verified' | 'emailChanged' | 'passwordSaved' }
  | { step: 'reset'; oobCode: string; email: string; error?: string }
  | { step: 'failed'; message: string };

/** Refreshes the server session of a signed-in user after the provider changed their account. */
async function refreshSession(auth: Auth) {
  await auth.authStateReady();
  if (!auth.currentUser) return;
  await auth.currentUser.reload();
  await refreshServerSession(auth.currentUser);
}

// A code is applied once per page load, even when the page mounts again: a second application would fail
// with a 400.
const handled = new Map<string, Promise<State>>();

/** What an action link does: verify the address, confirm a new one, or open the new-password form. */
function handleLink(auth: Auth, mode: string, oobCode: string): Promise<State> {
  const run = async (): Promise<State> => {
    if (mode === 'resetPassword')
      return { step: 'reset', oobCode, email: await verifyPasswordResetCode(auth, oobCode) };
    if (mode !== 'verifyEmail' && mode !== 'verifyAndChangeEmail')
      throw Object.assign(new Error(mode), { code: 'auth/invalid-action-code' });
    await applyActionCode(auth, oobCode);
    await refreshSession(auth).catch(() => {});
    return { step: 'done', done: mode === 'verifyEmail' ? 'verified' : 'emailChanged' };
  };
  const key = `${mode}:${oobCode}`;
  if (!handled.has(key)) handled.set(key, run());
  return handled.get(key)!;
}

/**
 * Handles the e-mail action links (`mode` + `oobCode`): verify the e-mail address, confirm a new one,
 * or choose a new password. Without a link it offers to send the verification e-mail again.
 */
export function EmailActions({ handlingLink, config, locale, labels, errors, links, continueUrl, children }: Props) {
  const [state, setState] = useState<State>({ step: handlingLink ? 'working' : 'idle' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const mode = params.get('mode');
    const oobCode = params.get('oobCode');
    if (!mode || !oobCode) return;
    // The app shell is about to open this page in the remembered language (a new document), which handles
    // the link: a code applied here too would be used twice.
    if (isLocale(locale) && localeTarget(locale, window.location, navigator.languages)) return;
    handleLink(firebaseAuth(config, locale), mode, oobCode)
      .then(setState)
      .catch((error) => setState({ step: 'failed', message: describeAuthError(error, errors) }));
  }, [config, locale, errors]);

  async function savePassword(event: FormEvent<HTMLFormElement>, reset: Extract<State, { step: 'reset' }>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('newPassword') ?? '');
    if (password !== form.get('confirmPassword')) {
      setState({ ...reset, error: labels.mismatch });
      return;
    }
    try {
      assertPasswordLength(password);
      await confirmPasswordReset(firebaseAuth(config, locale), reset.oobCode, password);
      setState({ step: 'done', done: 'passwordSaved' });
    } catch (error) {
      setState({ ...reset, error: describeAuthError(error, errors) });
    }
  }

  return (
    <>
      <EmailActionView
        state={state}
        labels={labels}
        links={links}
        continueUrl={continueUrl}
        config={config}
        locale={locale}
        errors={errors}
        onSave={savePassword}
      />
      {state.step !== 'done' && children}
    </>
  );
}

type ViewProps = Pick<Props, 'config' | 'locale' | 'labels' | 'errors' | 'links' | 'continueUrl'> & {
  state: State;
  onSave: (event: FormEvent<HTMLFormElement>, reset: Extract<State, { step: 'reset' }>) => Promise<void>;
};

/** What the page shows at each step. */
function EmailActionView({ state, labels, links, continueUrl, config, locale, errors, onSave }: ViewProps) {
  if (state.step === 'working') return <p role="status">{labels.verifying}</p>;
  if (state.step === 'done') {
    // A new password is used at the sign-in; a verified address goes on to the dashboard, or back to the
    // page the sign-up came from (an invitation).
    const toLogin = state.done === 'passwordSaved';
    const onward = continueUrl ? labels.continue : labels.toDashboard;
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {labels[state.done]}
        </p>
        <a
          href={toLogin ? links.login : links.next}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {toLogin ? labels.backToLogin : onward}
        </a>
      </div>
    );
  }
  if (state.step === 'reset') {
    return (
      <form onSubmit={(event) => void onSave(event, state)} className="space-y-4" aria-label={labels.savePassword}>
        <p className="text-slate-800">{fill(labels.resetFor, { email: state.email })}</p>
        <TextField
          id="newPassword"
          type="password"
          label={labels.newPassword}
          autoComplete="new-password"
          minLength={6}
          required
        />
        <TextField
          id="confirmPassword"
          type="password"
          label={labels.confirmPassword}
          autoComplete="new-password"
          required
        />
        <FormError message={state.error} />
        <Button type="submit">{labels.savePassword}</Button>
      </form>
    );
  }
  return (
    <div className="space-y-3">
      {state.step === 'failed' && <FormError message={state.message} />}
      <ResendVerification config={config} locale={locale} continueUrl={continueUrl} labels={labels} errors={errors} />
    </div>
  );
}
