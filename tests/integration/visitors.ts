// A widget's visitors as the widget talks to the JSON API: a visitor token in Authorization, this site's
// Origin (the widget page is served from it), a client address of the test's choosing.
import { NextRequest } from 'next/server';
import { eq, sql } from 'drizzle-orm';
import { POST as createWidget } from '@/app/api/widgets/route';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { database } from '@/lib/db';
import { conversationMessages, conversations } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import type { PaidPlanId } from '@/lib/billing/plans';
import { ensurePersonalWorkspace } from '@/lib/workspaces/service';
import { sseReader } from '../support/sse';
import { grantPlan } from './plans';
import { ORIGIN, apiRequest, signedIn } from './signed-in';

export type Owner = Awaited<ReturnType<typeof signedIn>>;
export type Visitor = { token: string; visitorId: string; address: string };

let address = 0;
/** Each visitor its own address unless the test says otherwise, so that limits of one do not reach the next. */
export const nextAddress = () => `198.51.100.${(++address % 250) + 1}`;

/** A request of the widget of `widgetId`, as its visitor with `token`. */
export function visitorRequest(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method,
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': '198.51.100.200',
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
  });
}

/**
 * An owner's new widget (a fresh account unless one is given) in their personal workspace, which gets `plan`
 * first (what the widget's settings may need; null leaves its plan as it is); answers its id.
 */
export async function ownWidget(
  owner?: Owner,
  settings: Record<string, unknown> = {},
  plan: PaidPlanId | null = 'business',
) {
  const account = owner ?? (await signedIn('owner'));
  if (plan) await grantPlan(await ensurePersonalWorkspace(account.uid), plan);
  const response = await createWidget(
    apiRequest('POST', '/api/widgets', account, {
      name: 'Help desk',
      allowedOrigins: ['https://shop.example.com'],
      accentColor: '#4338ca',
      greeting: 'Hi!',
      locale: 'en',
      ...settings,
    }),
  );
  expect(response.status).toBe(201);
  return { owner: account, widgetId: (await response.json()).widget.id as string };
}

/** A new anonymous visitor of a widget. */
export async function newVisitor(widgetId: string, addressOf = nextAddress()): Promise<Visitor> {
  const response = await startVisitor(
    visitorRequest('POST', `/api/widgets/${widgetId}/visitors`, null, {}, { 'x-forwarded-for': addressOf }),
    { params: Promise.resolve({ id: widgetId }) },
  );
  expect(response.status).toBe(201);
  const body = await response.json();
  return { token: body.token, visitorId: body.visitorId, address: addressOf };
}

/** A visitor's new conversation with its first message; answers its id. */
export async function converse(widgetId: string, visitor: Visitor, text: string, extra: Record<string, unknown> = {}) {
  const response = await startConversation(
    visitorRequest(
      'POST',
      `/api/widgets/${widgetId}/conversations`,
      visitor.token,
      { text, pageUrl: 'https://shop.example.com/pricing', pageTitle: 'Pricing', ...extra },
      { 'x-forwarded-for': visitor.address },
    ),
    { params: Promise.resolve({ id: widgetId }) },
  );
  expect([response.status, await response.clone().text()]).toEqual([201, expect.any(String)]);
  // The owner's e-mail (nobody has the inbox open) goes out after the answer: let it.
  await notificationsSettled();
  return (await response.json()) as { conversation: { id: string }; message: { id: number } };
}

/** The visitor's event stream, from `lastEventId` on if given. */
export async function visitorStream(widgetId: string, visitor: Visitor, lastEventId?: number) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
    headers: {
      authorization: `Bearer ${visitor.token}`,
      'x-forwarded-for': visitor.address,
      ...(lastEventId !== undefined && { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const response = await visitorEvents(request, { params: Promise.resolve({ id: widgetId }) });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

/** The conversation's messages, and its latest activity, `minutes` earlier than they were (time passing). */
export async function ageConversation(conversationId: string, minutes: number) {
  const db = await database();
  const back = sql`${`${minutes} minutes`}::interval`;
  await db
    .update(conversationMessages)
    .set({ createdAt: sql`${conversationMessages.createdAt} - ${back}` })
    .where(eq(conversationMessages.conversationId, conversationId));
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`${conversations.lastMessageAt} - ${back}` })
    .where(eq(conversations.id, conversationId));
}
