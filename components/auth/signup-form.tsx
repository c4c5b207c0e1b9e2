'use client';

import { useState, type FormEvent } from 'react';
import { createUserWithEmailAndPassword, sendEmailVerification } from 'firebase/auth';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { startServerSession } from '@/lib/client/session';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import { DEFAULT_MIN_PASSWORD_LENGTH, passwordRules, type PasswordRule } from '@/lib/client/password-checklist';
import { MAX_PASSWORD_LENGTH, assertPasswordLength } from '@/lib/auth/password';
import { FormError } from '@/components/ui/form-error';
import { fill, type Messages } from '@/lib/client/messages';

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  /** The verify-email page of this locale, where a new account continues. */
  next: string;
  /** `signup.rules`: the password rules' texts, `{value}` standing for the rule's number. */
  labels: Pick<Messages['Auth'], 'fields' | 'signup'>;
  errors: AuthErrorMessages;
};

export function SignupForm({ config, locale, next, labels: { fields, signup }, errors }: Props) {
  const [rules, setRules] = useState<PasswordRule[]>([
    { key: 'minLength', value: DEFAULT_MIN_PASSWORD_LENGTH, met: false },
    { key: 'maxLength', value: MAX_PASSWORD_LENGTH, met: true },
  ]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onPassword(password: string) {
    setRules((await passwordRules(firebaseAuth(config, locale), password)).rules);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    if (password !== form.get('confirm')) {
      setError(signup.mismatch);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const auth = firebaseAuth(config, locale);
      const policy = await passwordRules(auth, password);
      setRules(policy.rules);
      assertPasswordLength(password);
      if (!policy.valid)
        throw Object.assign(new Error('password policy'), { code: 'auth/password-does-not-meet-requirements' });
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await sendEmailVerification(user);
      await startServerSession(user);
      window.location.assign(next);
    } catch (caught) {
      setError(describeAuthError(caught, errors));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-label={signup.title}
      aria-busy={busy}
      noValidate
    >
      <TextField id="email" type="email" label={fields.email} autoComplete="email" required />
      <TextField
        id="password"
        type="password"
        label={fields.password}
        autoComplete="new-password"
        aria-describedby="password-rules"
        onChange={(event) => void onPassword(event.currentTarget.value)}
        required
      />
      <div id="password-rules">
        <p className="text-sm font-medium text-slate-900">{signup.checklist}</p>
        <ul className="mt-1 space-y-1 text-sm">
          {rules.map((rule) => (
            <li
              key={rule.key}
              data-met={rule.met}
              className={cn('flex items-center gap-2', rule.met ? 'text-green-800' : 'text-slate-700')}
            >
              <span aria-hidden="true">{rule.met ? '✓' : '○'}</span>
              {fill(signup.rules[rule.key], { value: rule.value ?? '' })}
            </li>
          ))}
        </ul>
      </div>
      <TextField id="confirm" type="password" label={fields.confirm} autoComplete="new-password" required />
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={busy}>
        {signup.submit}
      </Button>
    </form>
  );
}
