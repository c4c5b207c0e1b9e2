'use client';

import { OperatorAvatar } from '@/components/conversations/thread-view';
import type { TeamFace } from '@/lib/conversations/constants';
import { plural, type Messages } from '@/lib/i18n/slices';

/** The faces of who answers here, overlapping, named together ("Anna, Ben and Chris answer here"); none: nothing. */
export function TeamFaces({ team, locale, labels }: { team: TeamFace[]; locale: string; labels: Messages['Widget'] }) {
  if (team.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(team.map((face) => face.name));
  return (
    <div
      role="img"
      aria-label={plural(labels.team, team.length, locale, { names })}
      className="flex shrink-0 -space-x-2"
    >
      {team.map((face) => (
        <span key={face.name + face.photo} className="flex rounded-full border-2 border-current">
          <OperatorAvatar name={face.name} photo={face.photo} />
        </span>
      ))}
    </div>
  );
}
