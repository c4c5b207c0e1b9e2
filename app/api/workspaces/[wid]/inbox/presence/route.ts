// GET /api/workspaces/:wid/inbox/presence (a member's session): the availability switch → { presence }.
// PUT { presence: 'auto' | 'available' | 'away' }: sets it for every widget of the workspace.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { presenceSetting, setPresence } from '@/lib/conversations/inbox/inbox';
import { NO_STORE } from '@/lib/conversations/request';
import { PRESENCE_MODES } from '@/lib/db/schema/widget-settings';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const presenceSchema = z.object({ presence: z.enum(PRESENCE_MODES) });

type Context = RouteContext<'/api/workspaces/[wid]/inbox/presence'>;

export function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    return NextResponse.json({ presence: await presenceSetting(operator, (await params).wid) }, { headers: NO_STORE });
  });
}

export function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const operator = await requireSignedInUser(request);
    const { presence } = await readJson(request, presenceSchema, 1024);
    await setPresence(operator, (await params).wid, presence);
    return NextResponse.json({ presence }, { headers: NO_STORE });
  });
}
