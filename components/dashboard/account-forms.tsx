'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { changeDisplayName, changeEmail, changePassword, deleteAccount } from '@/lib/client/account';
import { refreshServerSession, withIntendedSignOut } from '@/lib/client/session';
import { flashToast, toast } from '@/components/ui/toast';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import { useAuth } from '@/components/auth/auth-provider';
import { FormError } from '@/components/ui/form-error';
import type { Messages } from '@/lib/i18n/slices';

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  labels: Pick<Messages['Dashboard']['profile'], 'identity' | 'email' | 'password' | 'delete'>;
  errors: AuthErrorMessages;
  homePath: string;
};

/** One account form: runs its action, keeps the translated error in its state and shows it. */
function AccountForm({
  title,
  id,
  children,
  submit,
  variant,
  action,
  errors,
}: {
  title: string;
  id: string;
  children: ReactNode;
  submit: string;
  variant?: 'danger';
  action: (form: FormData) => Promise<void>;
  errors: AuthErrorMessages;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    setBusy(true);
    setError(null);
    try {
      await action(new FormData(formElement));
      formElement.reset();
    } catch (caught) {
      setError(describeAuthError(caught, errors));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title={title} titleId={`${id}-title`} className={variant === 'danger' ? 'border-red-200' : undefined}>
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
        noValidate
      >
        {children}
        <FormError message={error} />
        <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} disabled={busy}>
          {submit}
        </Button>
      </form>
    </Card>
  );
}

/** Name, e-mail address, password and deletion of the signed-in account. */
export function AccountForms({ config, locale, labels, errors, homePath }: Props) {
  const { user } = useAuth();
  const auth = () => firebaseAuth(config, locale);
  const text = (form: FormData, name: string) => String(form.get(name) ?? '');

  return (
    <div className="space-y-6">
      <AccountForm
        id="identity"
        title={labels.identity.title}
        submit={labels.identity.save}
        errors={errors}
        action={async (form) => {
          const updated = await changeDisplayName(auth(), text(form, 'displayName'));
          await refreshServerSession(updated);
          // Reloaded so that every server-rendered place shows the new name; the toast follows.
          flashToast('success', labels.identity.saved);
          window.location.reload();
        }}
      >
        <TextField
          id="displayName"
          label={labels.identity.displayName}
          autoComplete="name"
          maxLength={80}
          defaultValue={user?.displayName ?? ''}
        />
      </AccountForm>

      <AccountForm
        id="email"
        title={labels.email.title}
        submit={labels.email.save}
        errors={errors}
        action={async (form) => {
          await changeEmail(auth(), text(form, 'emailPassword'), text(form, 'newEmail'));
          void toast.success(labels.email.sent);
        }}
      >
        <TextField id="newEmail" type="email" label={labels.email.newEmail} autoComplete="email" required />
        <TextField
          id="emailPassword"
          type="password"
          label={labels.password.current}
          autoComplete="current-password"
          required
        />
      </AccountForm>

      <AccountForm
        id="password"
        title={labels.password.title}
        submit={labels.password.save}
        errors={errors}
        action={async (form) => {
          const updated = await changePassword(auth(), text(form, 'currentPassword'), text(form, 'newPassword'));
          // Every other sign-in of the account ends; this browser's session goes on.
          await refreshServerSession(updated);
          void toast.success(labels.password.saved);
        }}
      >
        <TextField
          id="currentPassword"
          type="password"
          label={labels.password.current}
          autoComplete="current-password"
          required
        />
        <TextField id="newPassword" type="password" label={labels.password.new} autoComplete="new-password" required />
      </AccountForm>

      <AccountForm
        id="delete"
        title={labels.delete.title}
        submit={labels.delete.submit}
        variant="danger"
        errors={errors}
        action={async (form) => {
          await withIntendedSignOut(() => deleteAccount(auth(), text(form, 'deletePassword')));
          window.location.assign(homePath);
        }}
      >
        <p className="text-slate-800">{labels.delete.warning}</p>
        <TextField
          id="deletePassword"
          type="password"
          label={labels.delete.confirmPassword}
          autoComplete="current-password"
          required
        />
      </AccountForm>
    </div>
  );
}
