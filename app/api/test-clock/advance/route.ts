// POST /api/test-clock/advance { days }: local mode only (404 with a Stripe key or a real project). Moves the
// billing clock ahead, runs the billing work now due (renewals, reminders, read-only) and answers { now }.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { advanceClock, billingNow, hasTestClock } from '@/lib/billing/clock';
import { runDueBilling } from '@/lib/billing/local/due';
import { advanceSchema } from '@/lib/billing/schema';
import { keepSeats } from '@/lib/conversations/seats';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    if (!hasTestClock()) throw new ApiError('notFound');
    assertSameOrigin(request);
    const { days } = await readJson(request, advanceSchema);
    await advanceClock(days);
    await runDueBilling(keepSeats);
    return NextResponse.json({ now: (await billingNow()).toISOString() }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
