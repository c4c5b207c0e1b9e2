// A workspace's inbox as the dashboard reads it: pages of GET /api/workspaces/:wid/inbox and the event stream.
import { NextRequest } from 'next/server';
import { GET as inbox } from '@/app/api/workspaces/[wid]/inbox/route';
import { GET as inboxEvents } from '@/app/api/workspaces/[wid]/inbox/events/route';
import type { InboxConversationView } from '@/lib/conversations/constants';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest } from './signed-in';

export type InboxPage = { conversations: InboxConversationView[]; nextCursor: string | null; unread: number };

type Member = { cookie: string; workspaceId: string };
const wsCtx = (workspaceId: string) => ({ params: Promise.resolve({ wid: workspaceId }) });

/** A page of the inbox of `owner`'s workspace (or `workspaceId`) for `query` (status, cursor); answers the response. */
export function inboxPage(owner: Member, query: Record<string, string> = {}, headers = {}, workspaceId?: string) {
  const search = new URLSearchParams(query).toString();
  const wid = workspaceId ?? owner.workspaceId;
  const path = `/api/workspaces/${wid}/inbox${search ? `?${search}` : ''}`;
  return inbox(apiRequest('GET', path, owner, undefined, headers), wsCtx(wid));
}

/** Every page of `owner`'s inbox for `status`, following nextCursor to the end. */
export async function allPages(owner: Member, status?: string, first?: string): Promise<InboxPage[]> {
  const pages: InboxPage[] = [];
  let cursor = first;
  do {
    const response = await inboxPage(owner, { ...(status && { status }), ...(cursor && { cursor }) });
    expect(response.status).toBe(200);
    const page = (await response.json()) as InboxPage;
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

/**
 * The open inbox stream of `owner`'s workspace (or `workspaceId`), once it is live: its first frame (the
 * teammates) comes only when the hub listens, and a change made before that would be pushed to no one (on
 * PostgreSQL the LISTEN takes a round trip; snooze.test.ts lost its conversation update that way in CI).
 */
export async function inboxStream(owner: Member, workspaceId = owner.workspaceId) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/workspaces/${workspaceId}/inbox/events`, {
    headers: { cookie: owner.cookie, 'x-forwarded-for': '203.0.113.5' },
    signal: controller.signal,
  });
  const response = await inboxEvents(request, wsCtx(workspaceId));
  expect(response.status).toBe(200);
  const stream = { ...sseReader(response.body!), close: () => controller.abort() };
  await stream.take(1);
  return stream;
}
