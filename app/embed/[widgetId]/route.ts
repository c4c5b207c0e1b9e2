import { createTranslator } from 'next-intl';
import type { NextRequest } from 'next/server';
import { markRenderFailed } from '@/lib/db/availability';
import { describeDatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { messagePage } from '@/lib/errors/message-page';
import { loadMessages } from '@/lib/i18n/messages';
import { visitorLocale } from '@/lib/widgets/locale';
import { publicWidget } from '@/lib/widgets/service';
import { widgetUnavailablePage } from '@/lib/widgets/unavailable';
import { framePage } from './frame';

export const dynamic = 'force-dynamic';

/**
 * The widget inside a customer's page (`?mode=inline`: the panel without a launcher; `?mode=page`: the
 * page an e-mail links to, with `conversation`; `?open=1`: the launcher's widget already open, lib/widgets/
 * launcher.ts): the standalone frame (./frame.ts). No widget: 404; the database down: the widget's 503.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/embed/[widgetId]'>) {
  const { searchParams } = request.nextUrl;
  const locale = () => visitorLocale(request.headers, searchParams.get('lang'));
  try {
    const widget = await publicWidget((await params).widgetId);
    if (widget) return await framePage(widget, request.headers, searchParams);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Noted, as a page's render notes it: the proxy answers the widget's 503 from then on without asking.
    markRenderFailed();
    console.error(`database unavailable: ${describeDatabaseError(error)}`);
    return widgetUnavailablePage(locale());
  }
  const t = createTranslator({
    locale: locale(),
    messages: await loadMessages(locale()),
    namespace: 'Errors.missingWidget',
  });
  return messagePage(locale(), { status: 404, title: t('title'), message: t('message') });
}
