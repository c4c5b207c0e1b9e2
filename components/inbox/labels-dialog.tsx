'use client';

import { useRef, useState, type FormEvent } from 'react';
import { $fetch } from 'ofetch';
import { readApiError } from '@/lib/client/api-error';
import { LABEL_NAME_MAX, type LabelView } from '@/lib/conversations/constants';
import { fill, type Messages } from '@/lib/i18n/slices';
import { toast } from '@/components/ui/toast';
import { LABEL_COLOURS, LabelChip } from './label-chip';

type Labels = Messages['Dashboard']['inbox']['labels'];
type Colour = LabelView['colour'];

const FIELD = 'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900';
const BUTTON =
  'rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700';

function ColourSelect({
  value,
  onChange,
  label,
  labels,
}: {
  value: Colour;
  onChange: (colour: Colour) => void;
  label: string;
  labels: Labels;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Colour)}
      className={FIELD}
    >
      {LABEL_COLOURS.map((colour) => (
        <option key={colour} value={colour}>
          {labels.colours[colour]}
        </option>
      ))}
    </select>
  );
}

/** One label of the workspace: rename, recolour (with a preview chip), delete. */
function LabelRow({
  url,
  label,
  labels,
  act,
}: {
  /** The label's API address. */
  url: string;
  label: LabelView;
  labels: Labels;
  act: (request: () => Promise<unknown>, done: string) => Promise<boolean>;
}) {
  const [name, setName] = useState(label.name);
  const [colour, setColour] = useState(label.colour);
  const title = fill(labels.editLabel, { name: label.name });
  return (
    <li>
      <form
        aria-label={title}
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => $fetch(url, { method: 'PATCH', body: { name, colour } }), labels.saved);
        }}
      >
        <LabelChip label={{ name: name || label.name, colour }} className="w-24" />
        <input
          aria-label={`${labels.name}: ${label.name}`}
          value={name}
          maxLength={LABEL_NAME_MAX}
          required
          onChange={(event) => setName(event.target.value)}
          className={`${FIELD} w-40`}
        />
        <ColourSelect value={colour} onChange={setColour} label={`${labels.colour}: ${label.name}`} labels={labels} />
        <button type="submit" className={BUTTON}>
          {labels.save}
        </button>
        <button
          type="button"
          aria-label={fill(labels.deleteLabel, { name: label.name })}
          onClick={() => void act(() => $fetch(url, { method: 'DELETE' }), labels.deleted)}
          className={BUTTON}
        >
          {labels.delete}
        </button>
      </form>
    </li>
  );
}

/**
 * Owners and admins manage the workspace's labels in a modal dialog: add one (name and colour), rename,
 * recolour or delete each. Every open inbox hears the change on its stream; this one takes the answers too.
 */
export function LabelsDialog({
  api,
  workspaceLabels,
  onLabels,
  labels,
}: {
  /** The workspace's labels API, `/api/workspaces/<id>/labels`. */
  api: string;
  workspaceLabels: LabelView[];
  onLabels: (labels: LabelView[]) => void;
  labels: Labels;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [colour, setColour] = useState<Colour>('blue');
  const [error, setError] = useState<string | null>(null);

  async function act(request: () => Promise<unknown>, done: string): Promise<boolean> {
    setError(null);
    try {
      await request();
      onLabels((await $fetch<{ labels: LabelView[] }>(api)).labels);
      void toast.success(done);
      return true;
    } catch (caught) {
      setError(readApiError(caught).message ?? labels.failed);
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await act(() => $fetch(api, { method: 'POST', body: { name, colour } }), labels.added)) setName('');
  }

  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className={BUTTON}>
        {labels.manage}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="labels-dialog-title"
        className="m-auto w-full max-w-xl rounded-lg p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="labels-dialog-title" className="text-lg font-semibold">
          {labels.dialog}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{labels.dialogLead}</p>
        {workspaceLabels.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">{labels.empty}</p>
        ) : (
          <ul className="mt-4 space-y-2">
            {workspaceLabels.map((label) => (
              <LabelRow
                key={`${label.id}:${label.name}:${label.colour}`}
                url={`${api}/${encodeURIComponent(label.id)}`}
                label={label}
                labels={labels}
                act={act}
              />
            ))}
          </ul>
        )}
        <form
          onSubmit={(event) => void add(event)}
          className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4"
        >
          <label className="flex flex-col text-sm font-semibold">
            {labels.newLabel}
            <input
              value={name}
              maxLength={LABEL_NAME_MAX}
              required
              onChange={(event) => setName(event.target.value)}
              className={`${FIELD} mt-1 w-48 font-normal`}
            />
          </label>
          <ColourSelect value={colour} onChange={setColour} label={labels.colour} labels={labels} />
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {labels.add}
          </button>
        </form>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end">
          <button type="button" onClick={() => dialog.current?.close()} className={BUTTON}>
            {labels.close}
          </button>
        </div>
      </dialog>
    </>
  );
}
