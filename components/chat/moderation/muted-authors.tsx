'use client';

import { useEffect, useId } from 'react';
import type { ModerationLabels } from '@/lib/chat/labels';
import { fill } from '@/lib/i18n/slices';
import { smallButton, useRoom } from './room-moderation';

/** The room's muted authors with a way to lift each mute, and the outcome of the latest staff action. */
export function MutedAuthors({ base, labels, locale }: { base: string; labels: ModerationLabels; locale: string }) {
  const [room, { mutes, notice }] = useRoom(base, labels);
  const id = useId();
  useEffect(() => room.load(), [room]);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {labels.listTitle}
      </h3>
      <p className="text-slate-700">{labels.intro}</p>
      {mutes.length === 0 ? (
        <p className="text-slate-700">{labels.listEmpty}</p>
      ) : (
        <ul className="space-y-1">
          {mutes.map((mute) => (
            <li key={mute.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{mute.name}</span>
              <span className="text-slate-700">
                {mute.until ? fill(labels.until, { time: format.format(new Date(mute.until)) }) : labels.untilUnmuted}
              </span>
              <button
                type="button"
                className={smallButton}
                aria-label={fill(labels.unmuteLabel, { name: mute.name })}
                onClick={() => void room.unmute(mute)}
              >
                {labels.unmute}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={notice?.error ? 'text-red-700' : 'text-slate-700'}>
        {notice?.text}
      </p>
    </section>
  );
}
