import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { WIDGET_LOCALE_HEADER } from '@/lib/widgets/locale';
import { publicWidget } from '@/lib/widgets/service';

/** The widget of this request, read once for the layout, the metadata and the page. */
export const frameWidget = cache(publicWidget);

/** The language the proxy chose for this visitor (lib/widgets/locale.ts), else the widget's default. */
export async function frameLocale(widget: { locale: Locale }): Promise<Locale> {
  const chosen = (await headers()).get(WIDGET_LOCALE_HEADER);
  return isLocale(chosen) ? chosen : widget.locale;
}
