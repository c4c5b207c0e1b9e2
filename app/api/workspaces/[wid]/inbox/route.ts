// GET /api/workspaces/:wid/inbox?view=mine|unassigned|all&status=open|snoozed|closed|unread&label=&cursor= (a
// member's session): a page of the workspace's inbox → { conversations, nextCursor, unread, cursor }. With `q`, a
// page of the search (filters status, assignee, label, widget, from, to; lib/conversations/inbox/search.ts) →
// { results, nextCursor }.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { validate } from '@/lib/api/request';
import { listInbox } from '@/lib/conversations/inbox/inbox';
import {
  inboxFilterSchema,
  inboxLabelFilterSchema,
  inboxSearchSchema,
  inboxViewSchema,
} from '@/lib/conversations/schema';
import { searchInbox } from '@/lib/conversations/inbox/search';
import { NO_STORE } from '@/lib/conversations/request';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/inbox'>) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const query = request.nextUrl.searchParams;
    if (query.has('q')) {
      const search = validate(inboxSearchSchema, Object.fromEntries(query));
      return NextResponse.json(await searchInbox(operator, (await params).wid, search), { headers: NO_STORE });
    }
    const filter = validate(inboxFilterSchema, query.get('status') ?? 'all');
    const view = validate(inboxViewSchema, query.get('view') ?? 'all');
    const label = validate(inboxLabelFilterSchema, query.get('label') ?? undefined);
    const cursor = query.get('cursor') ?? undefined;
    const page = await listInbox(operator, (await params).wid, { filter, view, cursor, label });
    return NextResponse.json(page, { headers: NO_STORE });
  });
}
