// GET /api/workspaces/:wid/reports/conversations.csv?from=&to=&tz=&locale= (reports.read): the period's
// conversations, one row each, as a streamed CSV download; header and times in the operator's language and zone.
import { type NextRequest } from 'next/server';
import { createTranslator } from 'next-intl';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { loadMessages } from '@/lib/i18n/messages';
import { requestLocale } from '@/lib/i18n/negotiate';
import { CSV_COLUMNS, conversationsCsv } from '@/lib/reports/csv';
import { reportLocaleSchema, reportPeriodSchema } from '@/lib/reports/schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

type Context = RouteContext<'/api/workspaces/[wid]/reports/conversations.csv'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const query = request.nextUrl.searchParams;
    const period = validate(reportPeriodSchema, Object.fromEntries(query));
    const locale = validate(reportLocaleSchema, query.get('locale') ?? undefined) ?? requestLocale(request.headers);
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Dashboard.reports.csv' });
    const header = Object.fromEntries(CSV_COLUMNS.map((column) => [column, t(column)])) as Record<
      (typeof CSV_COLUMNS)[number],
      string
    >;
    const body = await conversationsCsv(operator, (await params).wid, period, header);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="conversations-${period.from}-${period.to}.csv"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
