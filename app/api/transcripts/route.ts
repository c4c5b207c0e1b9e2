// POST /api/transcripts { token } (the link of a confirmation mail): confirms the address and sends the
// conversation there → { email }; the same again answers the same and sends nothing.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { NO_STORE } from '@/lib/conversations/request';
import { transcriptConfirmationSchema } from '@/lib/conversations/schema';
import { confirmTranscript } from '@/lib/conversations/visitor/transcript';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const { token } = await readJson(request, transcriptConfirmationSchema, CONVERSATION_BODY_LIMIT);
    return NextResponse.json(await confirmTranscript(token), { headers: NO_STORE });
  });
}
