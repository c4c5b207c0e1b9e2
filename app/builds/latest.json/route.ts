// GET /builds/latest.json: the id of the build this server runs, polled by the browser (?t=<time>).
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(
    { id: process.env.NEXT_PUBLIC_BUILD_ID ?? 'development' },
    { headers: { 'Cache-Control': 'no-store, max-age=0' } },
  );
}
