import { createTranslator } from 'next-intl';
import type { NextRequest } from 'next/server';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { messagePage } from '@/lib/errors/message-page';
import { unavailablePage } from '@/lib/errors/unavailable-page';
import { requestLocale } from '@/lib/i18n/negotiate';
import { loadMessages } from '@/lib/i18n/messages';
import { launcherPage } from '@/lib/widgets/launcher';
import { widgetLocale } from '@/lib/widgets/locale';
import { publicWidget } from '@/lib/widgets/service';

export const dynamic = 'force-dynamic';

/**
 * The widget's launcher for a new visitor (lib/widgets/launcher.ts), in the language the widget page
 * would speak (`lang`: the host page's, from the loader). No widget: 404; the database down: 503.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/embed/[widgetId]/launcher'>) {
  const lang = request.nextUrl.searchParams.get('lang');
  const acceptLanguage = request.headers.get('accept-language');
  // Without a widget to ask: the host page's language, else the browser's.
  const visitorLocale = () =>
    widgetLocale({ locale: requestLocale(request.headers), followPageLanguage: true }, lang, acceptLanguage);
  let widget;
  try {
    widget = await publicWidget((await params).widgetId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return unavailablePage(visitorLocale());
  }
  if (!widget) {
    const locale = visitorLocale();
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.missingWidget' });
    return messagePage(locale, { status: 404, title: t('title'), message: t('message') });
  }
  const locale = widgetLocale(widget, lang, acceptLanguage);
  const { Widget } = await loadMessages(locale);
  return launcherPage(widget, { locale, label: Widget.open, lang });
}
