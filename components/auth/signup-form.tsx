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
import { fill, type Messages } from '@/lib/i18n/slices';

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  /** The verify-email page of this locale, where a new account continues. */
  next: string;
  /** Where the verification mail's link leads on (absolute, as Firebase wants it), if anywhere but the dashboard. */
  continueUrl?: string | null;
  /** The address to start with (an invitation's); it stays editable. */
  email?: string;
  /** `signup.rules`: the password rules' texts, `{value}` standing for the rule's number. */
  labels: Pick<Messages['Auth'], 'fields' | 'signup'>;
  errors: AuthErrorMessages;
};

type Field = 'email' | 'password' | 'confirm';
/** In the order of the form: the first with an error gets the focus. */
const FIELDS: Field[] = ['email', 'password', 'confirm'];

/** What is missing or wrong in each field, by the browser's own constraint checks (`required`, `type=email`). */
function fieldErrors(form: HTMLFormElement, signup: Props['labels']['signup']): Partial<Record<Field, string>> {
  const input = (name: Field) => form.elements.namedItem(name) as HTMLInputElement;
  const [email, password, confirm] = FIELDS.map(input);
  const found: Partial<Record<Field, string>> = {};
  if (email.validity.valueMissing) found.email = signup.missing.email;
  else if (email.validity.typeMismatch) found.email = signup.invalidEmail;
  if (password.validity.valueMissing) found.password = signup.missing.password;
  if (confirm.validity.valueMissing) found.confirm = signup.missing.confirm;
  else if (password.value !== confirm.value) found.confirm = signup.mismatch;
  return found;
}

export function SignupForm({ config, locale, next, continueUrl, email, labels: { fields, signup }, errors }: Props) {
  const [rules, setRules] = useState<PasswordRule[]>([
    { key: 'minLength', value: DEFAULT_MIN_PASSWORD_LENGTH, met: false },
    { key: 'maxLength', value: MAX_PASSWORD_LENGTH, met: true },
  ]);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  // A field's error goes once it is edited; the next submit checks it again.
  const clear = (name: Field) => setInvalid((current) => ({ ...current, [name]: undefined }));
  const field = (name: Field) => ({
    id: name,
    label: fields[name],
    required: true,
    error: invalid[name],
    onChange: () => clear(name),
  });

  async function onPassword(password: string) {
    setRules((await passwordRules(firebaseAuth(config, locale), password)).rules);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = fieldErrors(event.currentTarget, signup);
    setInvalid(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      setError(null);
      (event.currentTarget.elements.namedItem(first) as HTMLInputElement).focus();
      return;
    }
    const form = new FormData(event.currentTarget);
    const address = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      const auth = firebaseAuth(config, locale);
      const policy = await passwordRules(auth, password);
      setRules(policy.rules);
      assertPasswordLength(password);
      if (!policy.valid)
        throw Object.assign(new Error('password policy'), { code: 'auth/password-does-not-meet-requirements' });
      const { user } = await createUserWithEmailAndPassword(auth, address, password);
      await sendEmailVerification(user, continueUrl ? { url: continueUrl } : null);
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
      <TextField {...field('email')} type="email" autoComplete="email" defaultValue={email} />
      <TextField
        {...field('password')}
        type="password"
        autoComplete="new-password"
        aria-describedby="password-rules"
        onChange={(event) => {
          clear('password');
          void onPassword(event.currentTarget.value);
        }}
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
      <TextField {...field('confirm')} type="password" autoComplete="new-password" />
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={busy}>
        {signup.submit}
      </Button>
    </form>
  );
}
