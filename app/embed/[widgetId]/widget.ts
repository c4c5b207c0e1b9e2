import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { backWhenUnavailable } from '@/components/errors/page-boundary';
import { widgetPresence } from '@/lib/conversations/operators';
import { WIDGET_LOCALE_HEADER } from '@/lib/widgets/locale';
import { publicWidget } from '@/lib/widgets/service';

// The proxy answers the widget's 503 while the database does not answer; a render that finds it gone
// meanwhile goes back to the page's address for it (components/errors/page-boundary).

/** The widget of this request, read once for the layout, the metadata and the page. */
export const frameWidget = cache((widgetId: string) => backWhenUnavailable(() => publicWidget(widgetId)));

/** Whether an operator of the widget is available now. */
export const framePresence = (widgetId: string) => backWhenUnavailable(() => widgetPresence(widgetId));

/** The language the proxy chose for this visitor (lib/widgets/locale.ts), else the widget's default. */
export async function frameLocale(widget: { locale: Locale }): Promise<Locale> {
  const chosen = (await headers()).get(WIDGET_LOCALE_HEADER);
  return isLocale(chosen) ? chosen : widget.locale;
}
