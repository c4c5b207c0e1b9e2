// The owner's inbox as the dashboard reads it: pages of GET /api/conversations and the event stream.
import { NextRequest } from 'next/server';
import { GET as inbox } from '@/app/api/conversations/route';
import { GET as inboxEvents } from '@/app/api/conversations/events/route';
import type { InboxConversationView } from '@/lib/conversations/constants';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest } from './signed-in';

export type InboxPage = { conversations: InboxConversationView[]; nextCursor: string | null; unread: number };

/** One page of `owner`'s inbox for `query` (status, cursor); answers the response. */
export function inboxPage(owner: { cookie: string }, query: Record<string, string> = {}, headers = {}) {
  const search = new URLSearchParams(query).toString();
  return inbox(apiRequest('GET', `/api/conversations${search ? `?${search}` : ''}`, owner, undefined, headers));
}

/** Every page of `owner`'s inbox for `status`, following nextCursor to the end. */
export async function allPages(owner: { cookie: string }, status?: string, first?: string): Promise<InboxPage[]> {
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

/** The owner's open inbox stream. */
export async function inboxStream(owner: { cookie: string }) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/conversations/events`, {
    headers: { cookie: owner.cookie, 'x-forwarded-for': '203.0.113.5' },
    signal: controller.signal,
  });
  const response = await inboxEvents(request);
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}
