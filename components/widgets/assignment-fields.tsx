'use client';

import type { ReactNode } from 'react';
import { CheckboxField, TextField } from '@/components/ui/field';
import { ASSIGN_CAPACITY_MAX } from '@/lib/db/schema/widget-settings';
import type { Messages } from '@/lib/i18n/slices';

/** Auto-assignment of a widget's new conversations: on or off, and how many open ones each operator gets. */
export function AssignmentFields({
  prefix,
  autoAssign,
  capacity,
  onAutoAssign,
  onCapacity,
  labels,
  error,
  locked,
}: {
  prefix: string;
  autoAssign: boolean;
  capacity: string;
  onAutoAssign: (on: boolean) => void;
  onCapacity: (value: string) => void;
  labels: Messages['Dashboard']['widgets']['form'];
  error?: string;
  /** Which plan unlocks auto-assignment (PlanNeeded), when the workspace's does not: it cannot be switched on. */
  locked?: ReactNode;
}) {
  const off = locked && !autoAssign;
  return (
    <>
      <CheckboxField
        id={`${prefix}auto-assign`}
        label={labels.autoAssign}
        hint={labels.autoAssignHint}
        checked={autoAssign}
        disabled={!!off}
        aria-describedby={off ? `${prefix}auto-assign-hint ${prefix}auto-assign-plan` : undefined}
        onChange={(event) => onAutoAssign(event.target.checked)}
      />
      {off && <div className="ml-6">{locked}</div>}
      {autoAssign && (
        <TextField
          id={`${prefix}assign-capacity`}
          type="number"
          min={1}
          max={ASSIGN_CAPACITY_MAX}
          inputMode="numeric"
          label={labels.assignCapacity}
          hint={labels.assignCapacityHint}
          value={capacity}
          onChange={(event) => onCapacity(event.target.value)}
          error={error}
        />
      )}
    </>
  );
}
