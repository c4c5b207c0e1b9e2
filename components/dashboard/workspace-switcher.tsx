'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useJsonSubmit } from '@/lib/client/json-submit';
import { fill, type Messages } from '@/lib/i18n/slices';
import { WORKSPACE_NAME_MAX } from '@/lib/workspaces/limits';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

type Workspace = { id: string; name: string; role: 'owner' | 'admin' | 'agent'; personal: boolean };
type Labels = Messages['Dashboard']['workspaces'];

/** How a workspace is named to its member: the personal one in their language, with their role. */
function optionLabel(workspace: Workspace, labels: Labels) {
  const name = workspace.personal ? labels.personal : workspace.name;
  return fill(labels.option, { name, role: labels.roles[workspace.role] });
}

/**
 * The dashboard's workspace: a labelled select of the user's workspaces (the choice is remembered on the
 * server, so every page and device shows it), and a small form that creates one and switches to it.
 */
export function WorkspaceSwitcher({
  workspaces,
  current,
  labels,
}: {
  workspaces: Workspace[];
  current: string;
  labels: Labels;
}) {
  const router = useRouter();
  const switching = useJsonSubmit(labels.switchError);
  const creating = useJsonSubmit(labels.createError);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState(current);
  const [creatingOpen, setCreatingOpen] = useState(false);

  async function choose(workspaceId: string) {
    setSelected(workspaceId);
    if (await switching.submit('/api/workspaces/current', 'PUT', { workspaceId })) router.refresh();
    else setSelected(current);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const created = await creating.submit<{ workspace: Workspace }>('/api/workspaces', 'POST', { name });
    if (!created) return;
    setName('');
    void toast.success(labels.created);
    await choose(created.workspace.id);
  }

  return (
    <div className="mb-4 space-y-2 px-3">
      <SelectField
        id="workspace"
        label={labels.label}
        value={selected}
        disabled={switching.busy}
        onChange={(event) => void choose(event.target.value)}
        options={workspaces.map((workspace) => ({ value: workspace.id, label: optionLabel(workspace, labels) }))}
      />
      <FormError message={switching.error} />
      {/* A disclosure button rather than <details>: the account menu is the dashboard's one <details>. */}
      <button
        type="button"
        aria-expanded={creatingOpen}
        aria-controls="workspace-create"
        onClick={() => setCreatingOpen((open) => !open)}
        className="text-sm font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {labels.new}
      </button>
      <form
        id="workspace-create"
        hidden={!creatingOpen}
        onSubmit={(event) => void create(event)}
        noValidate
        className="mt-2 space-y-2"
      >
        <TextField
          id="workspace-name"
          label={labels.name}
          value={name}
          maxLength={WORKSPACE_NAME_MAX}
          required
          error={creating.fields.name}
          onChange={(event) => setName(event.target.value)}
        />
        <FormError message={creating.fields.name ? null : creating.error} />
        <Button type="submit" size="sm" disabled={creating.busy}>
          {labels.create}
        </Button>
      </form>
    </div>
  );
}
