'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LocalTime } from '@/components/ui/local-time';

type Labels = Messages['Dashboard']['members'];
export type PendingInvitation = {
  id: string;
  email: string;
  role: 'admin' | 'agent';
  expiresAt: string;
  expired: boolean;
};

/** The invite form (address and role) and the pending invitations, each to re-send or revoke. */
export function Invitations({
  api,
  invitations,
  labels,
  locale,
}: {
  api: string;
  invitations: PendingInvitation[];
  labels: Labels;
  locale: Locale;
}) {
  const router = useRouter();
  const inviting = useJsonSubmit(labels.invite.error);
  const changing = useJsonSubmit(labels.pending.error);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'agent'>('agent');
  const [missing, setMissing] = useState<string | null>(null);

  async function send(to: string, as: string, done: string) {
    if ((await inviting.submit(`${api}/invitations`, 'POST', { email: to, role: as })) === null) return false;
    void toast.success(fill(done, { email: to }));
    router.refresh();
    return true;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('invite-email') as HTMLInputElement;
    const problem = input.validity.valueMissing
      ? labels.invite.missing
      : input.validity.typeMismatch
        ? labels.invite.invalidEmail
        : null;
    setMissing(problem);
    if (problem) return input.focus();
    if (await send(email, role, labels.invite.sent)) setEmail('');
  }

  async function revoke(id: string) {
    if ((await changing.submit(`${api}/invitations/${id}`, 'DELETE')) === null) return;
    void toast.success(labels.pending.revoked);
    router.refresh();
  }

  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3" aria-labelledby="invite-title">
        <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
          {labels.invite.title}
        </h2>
        <TextField
          id="invite-email"
          type="email"
          label={labels.invite.email}
          value={email}
          required
          autoComplete="off"
          error={missing ?? inviting.fields.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setMissing(null);
          }}
        />
        <SelectField
          id="invite-role"
          label={labels.invite.role}
          value={role}
          onChange={(event) => setRole(event.target.value as 'admin' | 'agent')}
          options={(['agent', 'admin'] as const).map((value) => ({ value, label: labels.roles[value] }))}
        />
        <FormError message={inviting.fields.email ? null : inviting.error} />
        <Button type="submit" disabled={inviting.busy}>
          {labels.invite.submit}
        </Button>
      </form>
      <section aria-labelledby="pending-title" className="space-y-2">
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          {labels.pending.title}
        </h2>
        {invitations.length === 0 ? (
          <p className="text-slate-700">{labels.pending.none}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                <span className="break-all text-slate-900">{invitation.email}</span>
                <span className="text-slate-700">{labels.roles[invitation.role]}</span>
                <span className="text-sm text-slate-600">
                  {invitation.expired ? (
                    labels.pending.expired
                  ) : (
                    <>
                      {labels.pending.expires} <LocalTime dateTime={invitation.expiresAt} locale={locale} />
                    </>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={inviting.busy}
                  aria-label={fill(labels.pending.resendName, { email: invitation.email })}
                  onClick={() => void send(invitation.email, invitation.role, labels.pending.resent)}
                >
                  {labels.pending.resend}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={changing.busy}
                  aria-label={fill(labels.pending.revokeName, { email: invitation.email })}
                  onClick={() => void revoke(invitation.id)}
                >
                  {labels.pending.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <FormError message={changing.error} />
      </section>
    </div>
  );
}
