// GET /api/workspaces/:wid/reports/conversations?from=&to=&tz=&metric=started|responded|resolved&day=&operator=
// &widget=&cursor= (reports.read): the conversations behind a figure, 50 at a time, newest first →
// { conversations, nextCursor }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { NO_STORE } from '@/lib/conversations/request';
import { reportConversations } from '@/lib/reports/drill';
import { reportDrillSchema, reportPeriodSchema } from '@/lib/reports/schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/reports/conversations'>) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const query = Object.fromEntries(request.nextUrl.searchParams);
    const period = validate(reportPeriodSchema, query);
    const drill = validate(reportDrillSchema, query);
    const page = await reportConversations(operator, (await params).wid, period, drill);
    return NextResponse.json(page, { headers: NO_STORE });
  });
}
