// GET /api/health: the status of each component of the app.
import { checkHealth } from '@/lib/health';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/errors/message-page';

export const dynamic = 'force-dynamic';

export async function GET() {
  const report = await checkHealth();
  const down = report.status === 'down';
  return Response.json(report, {
    status: down ? 503 : 200,
    headers: { 'Cache-Control': 'no-store', ...(down && { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) }) },
  });
}
