import type { LabelView } from '@/lib/conversations/constants';
import { cn } from '@/lib/cn';

/**
 * The chips' colours: the 900 shade on the 100 shade of each hue, a contrast of 7:1 or more (axe checks it in
 * tests/e2e/labels.spec.ts). The keys are the palette the API takes (LABEL_COLOURS).
 */
export const CHIP_CLASSES = {
  slate: 'bg-slate-100 text-slate-900 ring-slate-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  teal: 'bg-teal-100 text-teal-900 ring-teal-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  violet: 'bg-violet-100 text-violet-900 ring-violet-300',
  pink: 'bg-pink-100 text-pink-900 ring-pink-300',
} as const satisfies Record<LabelView['colour'], string>;

export const LABEL_COLOURS = Object.keys(CHIP_CLASSES) as LabelView['colour'][];

export function LabelChip({ label, className }: { label: Pick<LabelView, 'name' | 'colour'>; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block max-w-40 truncate rounded-full px-2 text-xs font-medium ring-1 ring-inset',
        CHIP_CLASSES[label.colour],
        className,
      )}
    >
      {label.name}
    </span>
  );
}

/**
 * A conversation's labels as chips, by name; ids the workspace no longer has are left out. `name` makes them a
 * named list; without it (inside a list entry's button, which takes no list) they are plain text.
 */
export function LabelChips({ ids, labels, name }: { ids: string[]; labels: LabelView[]; name?: string }) {
  const shown = labels.filter((label) => ids.includes(label.id));
  if (shown.length === 0) return null;
  const chips = shown.map((label) =>
    name ? (
      <li key={label.id}>
        <LabelChip label={label} />
      </li>
    ) : (
      <LabelChip key={label.id} label={label} />
    ),
  );
  return name ? (
    <ul aria-label={name} className="flex flex-wrap gap-1" data-testid="label-chips">
      {chips}
    </ul>
  ) : (
    <span className="mt-1 flex flex-wrap gap-1" data-testid="label-chips">
      {chips}
    </span>
  );
}
