import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import type { WidgetView } from '@/lib/widgets/service';
import { Card } from '@/components/ui/card';
import { loadMessages } from '@/lib/i18n/messages';
import { WidgetActivation } from './widget-actions';

/** The user's widgets (support staff: Plauder's own too), the one being edited, and the plan's limit. */
export async function WidgetList({
  widgets,
  selected,
  path,
  used,
  limit,
  locale,
  manage,
}: {
  widgets: Array<WidgetView & { served: boolean }>;
  selected?: string;
  path: string;
  used: number;
  limit: number;
  locale: Locale;
  /** Whether the viewer may deactivate and activate widgets (owners and admins). */
  manage: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'Dashboard.widgets' });
  const { Dashboard } = await loadMessages(locale);
  return (
    <Card title={t('widgets.title')} titleId="widgets-title">
      {widgets.length === 0 ? (
        <p className="text-slate-700">{t('widgets.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {widgets.map((widget) => (
            <li key={widget.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="h-4 w-4 rounded-full border border-slate-300"
                  style={{ backgroundColor: widget.accentColor }}
                />
                <div>
                  <p className="font-medium text-slate-900">{widget.name}</p>
                  <p className="text-sm text-slate-700">
                    {t('widgets.origins', { count: widget.allowedOrigins.length })}
                  </p>
                  {!widget.served && (
                    <p data-widget-state className="text-sm font-medium text-amber-900">
                      {widget.active ? t('activation.paused', { limit }) : t('activation.inactive')}
                    </p>
                  )}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {manage && (
                  <WidgetActivation
                    id={widget.id}
                    name={widget.name}
                    active={widget.active}
                    labels={Dashboard.widgets.activation}
                  />
                )}
                {widget.id === selected ? (
                  <span className="text-sm font-semibold text-slate-700">{t('widgets.selected')}</span>
                ) : (
                  <Link
                    href={`${path}?widget=${encodeURIComponent(widget.id)}`}
                    className="text-sm font-semibold text-brand-700 underline"
                  >
                    {t('widgets.manage')}
                    <span className="sr-only">: {widget.name}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm text-slate-700">{t('widgets.count', { used, limit })}</p>
      {used >= limit && (
        <p className="mt-2 text-sm text-slate-800">
          {t('widgets.limitReached', { limit })}{' '}
          <Link href={`${localizedPath('/', locale)}#plans`} className="font-semibold text-brand-700 underline">
            {t('widgets.plans')}
          </Link>
        </p>
      )}
    </Card>
  );
}
