import { createTranslator } from 'next-intl';
import type { NextRequest } from 'next/server';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { messagePage } from '@/lib/errors/message-page';
import { loadMessages } from '@/lib/i18n/messages';
import { launcherPage } from '@/lib/widgets/launcher';
import { visitorLocale, widgetLocale } from '@/lib/widgets/locale';
import { publicWidget } from '@/lib/widgets/service';
import { widgetUnavailablePage } from '@/lib/widgets/unavailable';

export const dynamic = 'force-dynamic';

/**
 * The widget's launcher for a new visitor (lib/widgets/launcher.ts), in the language the widget page
 * would speak (`lang`: the host page's, from the loader). No widget: 404; the database down: the widget's
 * 503 (lib/widgets/unavailable.ts).
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/embed/[widgetId]/launcher'>) {
  const lang = request.nextUrl.searchParams.get('lang');
  let widget;
  try {
    widget = await publicWidget((await params).widgetId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return widgetUnavailablePage(visitorLocale(request.headers, lang));
  }
  if (!widget) {
    const locale = visitorLocale(request.headers, lang);
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.missingWidget' });
    return messagePage(locale, { status: 404, title: t('title'), message: t('message') });
  }
  const locale = widgetLocale(widget, lang, request.headers.get('accept-language'));
  const { Widget } = await loadMessages(locale);
  return launcherPage(widget, { locale, label: Widget.open, unreadLabel: Widget.openUnread, lang });
}
