'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { fill, type Messages } from '@/lib/i18n/slices';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { ConfirmAction } from '@/components/widgets/widget-actions';
import { MemberPresence } from './member-presence';

type Role = 'owner' | 'admin' | 'agent';
export type Member = { uid: string; name: string; email: string | null; role: Role };
type Labels = Messages['Dashboard']['members'];
/** What the viewer may do to this member (the API decides again). */
export type MemberControls = { changeRole: boolean; remove: boolean; leave: boolean; transfer: boolean };

/** One member: name, address, state (live), role (a select where the viewer may change it), actions allowed. */
export function MemberRow({
  api,
  member,
  self,
  controls,
  labels,
}: {
  api: string;
  member: Member;
  self: boolean;
  controls: MemberControls;
  labels: Labels;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<'remove' | 'deactivate' | 'leave' | 'transfer' | null>(null);
  const { submit, busy, error } = useJsonSubmit(labels.changeError);
  const url = `${api}/members/${encodeURIComponent(member.uid)}`;

  async function act(method: 'PATCH' | 'DELETE', body: Record<string, unknown> | undefined, done: string) {
    if ((await submit(url, method, body)) === null) return;
    setConfirming(null);
    void toast.success(done);
    // Leaving: the dashboard falls back to another workspace.
    router.refresh();
  }

  const confirmations = {
    remove: {
      name: fill(labels.removeName, { name: member.name }),
      question: fill(labels.removeConfirm, { name: member.name }),
      action: labels.remove,
      run: () => act('DELETE', undefined, labels.removed),
    },
    deactivate: {
      name: fill(labels.deactivation.deactivateName, { name: member.name }),
      question: fill(labels.deactivation.confirm, { name: member.name }),
      action: labels.deactivation.deactivate,
      run: () => act('PATCH', { active: false }, labels.deactivation.deactivated),
    },
    leave: {
      name: labels.leave,
      question: labels.leaveConfirm,
      action: labels.leave,
      run: () => act('DELETE', undefined, labels.leave),
    },
    transfer: {
      name: fill(labels.transferName, { name: member.name }),
      question: fill(labels.transferConfirm, { name: member.name }),
      action: labels.transfer,
      run: () => act('PATCH', { role: 'owner' }, labels.transferred),
    },
  };
  const open = confirming && confirmations[confirming];

  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="py-2 pr-3">
        {member.name} {self && <span className="text-slate-600">{labels.you}</span>}
      </td>
      <td className="py-2 pr-3 break-all">{member.email}</td>
      <td className="py-2 pr-3">
        <MemberPresence uid={member.uid} labels={labels.states} />
      </td>
      <td className="py-2 pr-3">
        {controls.changeRole ? (
          <select
            aria-label={fill(labels.roleOf, { name: member.name })}
            value={member.role}
            disabled={busy}
            onChange={(event) => void act('PATCH', { role: event.target.value }, labels.changed)}
            className="rounded-md border border-slate-400 bg-white px-2 py-1 text-slate-900"
          >
            {(['admin', 'agent'] as const).map((role) => (
              <option key={role} value={role}>
                {labels.roles[role]}
              </option>
            ))}
          </select>
        ) : (
          labels.roles[member.role]
        )}
      </td>
      <td className="py-2">
        {open ? (
          <ConfirmAction
            name={open.name}
            question={open.question}
            action={open.action}
            cancel={labels.cancel}
            busy={busy}
            onConfirm={() => void open.run()}
            onCancel={() => setConfirming(null)}
          >
            <FormError message={error} />
          </ConfirmAction>
        ) : (
          <div className="flex flex-wrap gap-2">
            {controls.transfer && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={confirmations.transfer.name}
                onClick={() => setConfirming('transfer')}
              >
                {labels.transfer}
              </Button>
            )}
            {controls.remove && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={confirmations.remove.name}
                onClick={() => setConfirming('remove')}
              >
                {labels.remove}
              </Button>
            )}
            {controls.remove && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={confirmations.deactivate.name}
                onClick={() => setConfirming('deactivate')}
              >
                {labels.deactivation.deactivate}
              </Button>
            )}
            {controls.leave && (
              <Button size="sm" variant="secondary" onClick={() => setConfirming('leave')}>
                {labels.leave}
              </Button>
            )}
            <FormError message={error} />
          </div>
        )}
      </td>
    </tr>
  );
}
