// GET /api/conversations/presence (owner's session): the availability switch → { presence }.
// PUT { presence: 'auto' | 'available' | 'away' }: sets it for every widget the owner answers.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { presenceSetting, setPresence } from '@/lib/conversations/inbox';
import { NO_STORE } from '@/lib/conversations/request';
import { PRESENCE_MODES } from '@/lib/db/schema/widget-settings';
import { requireActor } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const presenceSchema = z.object({ presence: z.enum(PRESENCE_MODES) });

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    return NextResponse.json({ presence: await presenceSetting(actor) }, { headers: NO_STORE });
  });
}

export function PUT(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const actor = await requireActor(request);
    const { presence } = await readJson(request, presenceSchema, 1024);
    await setPresence(actor, presence);
    return NextResponse.json({ presence }, { headers: NO_STORE });
  });
}
