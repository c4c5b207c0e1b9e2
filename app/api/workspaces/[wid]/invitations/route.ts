// GET /api/workspaces/:wid/invitations (owner or admin) → { invitations: [{ id, email, role, expiresAt }] }.
// POST { email, role } → 201 { invitation: { id } }, the link mailed to the address; inviting a pending
// address again re-sends it with a new link (the old one stops working).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { requestLocale } from '@/lib/i18n/negotiate';
import { requireSignedInUser } from '@/lib/session/server';
import { invite, listInvitations } from '@/lib/workspaces/invitations';
import { inviteSchema } from '@/lib/workspaces/schema';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };
type Context = RouteContext<'/api/workspaces/[wid]/invitations'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const invitations = await listInvitations(user, (await params).wid);
    return NextResponse.json({ invitations }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, inviteSchema, 1024);
    const invitation = await invite(user, (await params).wid, input, requestLocale(request.headers));
    return NextResponse.json({ invitation }, { status: 201, headers: NO_STORE });
  });
}
