'use client';

import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { fill, type Messages } from '@/lib/i18n/slices';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

type Labels = Messages['Dashboard']['members']['deactivation'];
type Deactivated = {
  uid: string;
  name: string;
  email: string | null;
  role: 'admin' | 'agent';
  reason: 'chosen' | 'seats';
};

/**
 * The members deactivated to fit a plan (by someone, or by the plan's seats: said beside them), each with the
 * button that activates them again (within the seats).
 */
export function DeactivatedMembers({
  api,
  members,
  roles,
  labels,
}: {
  api: string;
  members: Deactivated[];
  roles: Messages['Dashboard']['members']['roles'];
  labels: Labels;
}) {
  const router = useRouter();
  const { submit, busy, error } = useJsonSubmit(labels.error);

  async function activate(member: Deactivated) {
    const url = `${api}/members/${encodeURIComponent(member.uid)}`;
    if ((await submit(url, 'PATCH', { active: true })) === null) return;
    void toast.success(fill(labels.activated, { name: member.name }));
    router.refresh();
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{labels.lead}</p>
      <ul className="divide-y divide-slate-200">
        {members.map((member) => (
          <li key={member.uid} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span>
              <span className="font-medium text-slate-900">{member.name}</span>{' '}
              <span className="text-sm text-slate-700">
                {member.email && member.email !== member.name ? `${member.email} · ` : ''}
                {roles[member.role]}
              </span>
              {member.reason === 'seats' && <span className="block text-sm text-slate-700">{labels.bySeats}</span>}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              aria-label={fill(labels.activateName, { name: member.name })}
              onClick={() => void activate(member)}
            >
              {labels.activate}
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  );
}
