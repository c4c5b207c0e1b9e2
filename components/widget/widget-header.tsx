'use client';

import type { Messages } from '@/lib/i18n/slices';
import { PresenceLine } from './presence-notice';
import { TeamFaces } from './team-faces';
import type { WidgetConfig } from './widget-config';

/**
 * The open panel's title bar in the widget's colours: who answers here, the widget's name, whether an operator
 * is there, closing.
 */
export function WidgetHeader({
  widget,
  available,
  locale,
  labels,
  onClose,
}: {
  widget: WidgetConfig;
  available: boolean;
  locale: string;
  labels: Messages['Widget'];
  /** Absent where the panel cannot close (inline, or the page of an e-mail's link). */
  onClose?: () => void;
}) {
  return (
    <header
      style={{ backgroundColor: widget.accent.background, color: widget.accent.text }}
      className="flex items-center justify-between gap-3 px-4 py-3"
    >
      <div className="flex min-w-0 items-center gap-3">
        <TeamFaces team={widget.team} locale={locale} labels={labels} />
        <div className="min-w-0">
          <h1 id="widget-title" className="truncate text-base font-semibold">
            {widget.name}
          </h1>
          <PresenceLine available={available} labels={labels} />
        </div>
      </div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label={labels.close}
          className="rounded p-1 focus-visible:outline-2 focus-visible:outline-current"
        >
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </header>
  );
}
