'use client';

import { ConsentLine } from '@/components/widget/consent-line';
import { AwayNotice, PresenceLine } from '@/components/widget/presence-notice';
import { readableOn } from '@/lib/widgets/colour';
import { cn } from '@/lib/cn';
import type { WidgetFormValues } from './widget-form';
import type { Messages } from '@/lib/i18n/slices';

/**
 * The widget as visitors will see it with the form's current values, before they are saved: the
 * launcher's side, the header in the accent colour, the greeting, what it says when nobody is available
 * (the away message, when an operator is back, the business hours), the pre-chat note and the consent line.
 */
export function WidgetPreview({
  values,
  labels,
  side,
  locale,
}: {
  values: WidgetFormValues;
  labels: Messages['Widget'];
  side: { left: string; right: string };
  locale: string;
}) {
  const accent = { backgroundColor: values.accentColor, color: readableOn(values.accentColor) };
  const left = values.launcherPosition === 'left';
  return (
    <div data-widget-preview data-position={values.launcherPosition} className="space-y-3">
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow">
        <div style={accent} className="px-4 py-3">
          <p data-preview-name className="truncate text-base font-semibold">
            {values.name || '…'}
          </p>
          <PresenceLine available={false} labels={labels} />
        </div>
        <div className="space-y-2 p-3 text-sm text-slate-900">
          <p>{values.greeting || labels.greeting}</p>
          <AwayNotice
            presence={{ available: false, availableForMs: null, nextOpenAt: null }}
            awayMessage={values.awayMessage}
            hours={values.businessHours}
            labels={labels}
            locale={locale}
            landmark={false}
          />
          {values.preChatNote && <p className="whitespace-pre-line text-slate-800">{values.preChatNote}</p>}
        </div>
        {/^https:\/\//i.test(values.privacyPolicyUrl) && (
          <ConsentLine url={values.privacyPolicyUrl.trim()} labels={labels} />
        )}
      </div>
      <div className={cn('flex items-center gap-3', left ? 'flex-row' : 'flex-row-reverse')}>
        <span
          aria-hidden="true"
          style={accent}
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full shadow"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
          </svg>
        </span>
        <p className="text-sm text-slate-700">{left ? side.left : side.right}</p>
      </div>
    </div>
  );
}
