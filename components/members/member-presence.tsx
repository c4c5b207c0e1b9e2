'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Messages } from '@/lib/i18n/slices';
import { useDashboardStream } from '@/components/dashboard/dashboard-stream';
import type { Teammate } from '@/components/inbox/use-inbox';

type State = Teammate['presence'];
type Labels = Messages['Dashboard']['members']['states'];

const DOT = { available: 'bg-green-600', away: 'bg-amber-500', offline: 'bg-slate-400' } as const;
const PresenceContext = createContext<Record<string, State>>({});
/** Replays none of the kept messages: only the stream's next `teammates` frames matter here. */
const FROM_NOW = Number.MAX_SAFE_INTEGER;

/** The members' states, from the page's data and then live from the dashboard's stream (`teammates` frames). */
export function MembersPresence({ initial, children }: { initial: Record<string, State>; children: ReactNode }) {
  const [states, setStates] = useState(initial);
  useDashboardStream((event) => {
    if (event.event !== 'teammates') return;
    const members = JSON.parse(event.data) as Teammate[];
    setStates(Object.fromEntries(members.map((member) => [member.uid, member.presence])));
  }, FROM_NOW);
  return <PresenceContext.Provider value={states}>{children}</PresenceContext.Provider>;
}

/** One member's state: a coloured dot (decoration) and its word. */
export function MemberPresence({ uid, labels }: { uid: string; labels: Labels }) {
  const state = useContext(PresenceContext)[uid] ?? 'offline';
  return (
    <span data-presence={state} className="flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('inline-block h-2 w-2 rounded-full', DOT[state])} />
      {labels[state]}
    </span>
  );
}
