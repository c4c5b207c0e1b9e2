// GET /api/workspaces/:wid/reports?from=&to=&tz= (owner, admin: reports.read): the period's figures (ISO dates,
// both included, days in the IANA time zone `tz`, UTC by default) → { period, totals, days, operators, widgets }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { NO_STORE } from '@/lib/conversations/request';
import { workspaceReport } from '@/lib/reports/figures';
import { reportPeriodSchema } from '@/lib/reports/schema';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/reports'>) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const period = validate(reportPeriodSchema, Object.fromEntries(request.nextUrl.searchParams));
    return NextResponse.json(await workspaceReport(operator, (await params).wid, period), { headers: NO_STORE });
  });
}
