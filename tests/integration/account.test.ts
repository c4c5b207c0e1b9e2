import { NextRequest } from 'next/server';
import { eq, inArray } from 'drizzle-orm';
import { DELETE } from '@/app/api/account/route';
import { adminAuth } from '@/lib/firebase/admin';
import { database } from '@/lib/db';
import {
  chatMessages,
  chatMutes,
  conversationMessages,
  conversations,
  feedback,
  orders,
  products,
  profiles,
  tickets,
  ticketMessages,
  visitors,
  widgets,
  workspaceMembers,
  workspaces,
} from '@/lib/db/schema';
import { deleteAccountData } from '@/lib/account/delete';
import { activeSession } from '@/lib/session/server';
import { ORIGIN, signedIn } from './signed-in';

async function ownRows(uid: string) {
  const db = await database();
  const [product] = await db.select().from(products).limit(1);
  const [ticket] = await db
    .insert(tickets)
    .values({ uid, subject: 'Help', category: 'other', requestKey: crypto.randomUUID() })
    .returning();
  await db
    .insert(ticketMessages)
    .values({ ticketId: ticket.id, authorUid: uid, body: 'Please help me', requestKey: 'm1' });
  await db
    .insert(feedback)
    .values({ uid, rating: 4, category: 'product', message: 'Nice', requestKey: crypto.randomUUID() });
  await db.insert(profiles).values({ uid, theme: 'dark' });
  await db
    .insert(orders)
    .values({ uid, email: 'a@example.com', productId: product.id, quantity: 1, amountCents: 2900, currency: 'EUR' });
  const widgetId = `w-${crypto.randomUUID()}`;
  const [personal] = await db.select().from(workspaces).where(eq(workspaces.personalOf, uid));
  await db.insert(widgets).values({
    id: widgetId,
    workspaceId: personal.id,
    name: 'Mine',
    allowedOrigins: [],
    accentColor: '#4338ca',
    locale: 'en',
    requestKey: widgetId,
  });
  // A visitor of the widget with a conversation, and what the user wrote in the public chat.
  const visitorId = `v-${crypto.randomUUID()}`;
  await db.insert(visitors).values({ id: visitorId, widgetId, email: 'visitor@example.com' });
  const [conversation] = await db
    .insert(conversations)
    .values({ widgetId, workspaceId: personal.id, visitorId, requestKey: 'c1', locale: 'en' })
    .returning();
  await db
    .insert(conversationMessages)
    .values({ conversationId: conversation.id, widgetId, sender: 'visitor', body: 'Hello there' });
  await db.insert(chatMessages).values([{ room: 'lobby', authorUid: uid, authorName: 'Me', body: 'Hi all' }]);
  // Support staff muted them in the lobby (the row names them).
  await db.insert(chatMutes).values({ room: 'lobby', author: `user:${uid}`, authorName: 'Me', mutedBy: 'staff' });
  return { widgetId };
}

async function countRows(uid: string) {
  const db = await database();
  const count = async (table: typeof tickets | typeof feedback | typeof profiles | typeof orders) =>
    (await db.select().from(table).where(eq(table.uid, uid))).length;
  const personal = db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalOf, uid));
  const owned = await db.select({ id: widgets.id }).from(widgets).where(inArray(widgets.workspaceId, personal));
  const memberships = await db.select().from(workspaceMembers).where(eq(workspaceMembers.uid, uid));
  const chat =
    (await db.select().from(chatMessages).where(eq(chatMessages.authorUid, uid))).length +
    (
      await db
        .select()
        .from(chatMutes)
        .where(eq(chatMutes.author, `user:${uid}`))
    ).length +
    (owned.length
      ? (await db.select().from(conversationMessages).where(eq(conversationMessages.widgetId, owned[0].id))).length
      : 0);
  return {
    tickets: await count(tickets),
    feedback: await count(feedback),
    profiles: await count(profiles),
    orders: await count(orders),
    widgets: owned.length,
    workspaces: (await personal).length,
    memberships: memberships.length,
    chat,
  };
}

/** What ownRows writes, as countRows counts it. */
const ONE_OF_EACH = {
  tickets: 1,
  feedback: 1,
  profiles: 1,
  orders: 1,
  widgets: 1,
  workspaces: 1,
  memberships: 1,
  chat: 3,
};

function remove(body: unknown, headers: Record<string, string>) {
  return DELETE(
    new NextRequest(`${ORIGIN}/api/account`, {
      method: 'DELETE',
      body: JSON.stringify(body),
      headers: { origin: ORIGIN, ...headers },
    }),
  );
}

describe('DELETE /api/account', () => {
  it('deletes the provider account and every row the user owns, and ends the session', async () => {
    const me = await signedIn('account');
    const other = await signedIn('account');
    const { widgetId } = await ownRows(me.uid);
    await ownRows(other.uid);
    const response = await remove({ idToken: me.idToken }, { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/^__session=;.*Max-Age=0/);
    await expect(adminAuth().getUser(me.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(await countRows(me.uid)).toEqual(Object.fromEntries(Object.keys(ONE_OF_EACH).map((table) => [table, 0])));
    const db = await database();
    // The widget's visitors, their conversations and messages.
    expect(await db.select().from(visitors).where(eq(visitors.widgetId, widgetId))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.widgetId, widgetId))).toEqual([]);
    expect(await db.select().from(conversationMessages).where(eq(conversationMessages.widgetId, widgetId))).toEqual([]);
    expect(await db.select().from(orders).where(eq(orders.email, 'a@example.com'))).not.toHaveLength(0); // kept, anonymised
    expect(await activeSession(me.value)).toBeNull();
    // Nobody else's rows are touched.
    expect(await countRows(other.uid)).toEqual(ONE_OF_EACH);
  });

  it('keeps every row when the provider refuses the deletion', async () => {
    const me = await signedIn('account');
    await ownRows(me.uid);
    await expect(deleteAccountData(me.uid, () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await countRows(me.uid)).toEqual(ONE_OF_EACH);
  });

  it('answers 401 without a session, 403 for a foreign Origin or another user’s token, and deletes nothing', async () => {
    const me = await signedIn('account');
    const other = await signedIn('account');
    expect((await remove({ idToken: me.idToken }, {})).status).toBe(401);
    expect((await remove({ idToken: me.idToken }, { cookie: me.cookie, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await remove({ idToken: other.idToken }, { cookie: me.cookie })).status).toBe(403);
    expect((await remove({ token: 1 }, { cookie: me.cookie })).status).toBe(400);
    expect((await adminAuth().getUser(me.uid)).uid).toBe(me.uid);
    expect((await adminAuth().getUser(other.uid)).uid).toBe(other.uid);
  });

  it('asks for a recent password confirmation', async () => {
    const me = await signedIn('account');
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + 6 * 60_000);
    try {
      const response = await remove({ idToken: me.idToken }, { cookie: me.cookie, 'accept-language': 'de' });
      expect(response.status).toBe(401);
      expect((await response.json()).error).toEqual({
        code: 'requiresRecentLogin',
        message: 'Bitte bestätigen Sie zu Ihrer Sicherheit noch einmal Ihr Passwort.',
      });
    } finally {
      spy.mockRestore();
    }
    expect((await adminAuth().getUser(me.uid)).uid).toBe(me.uid);
  });
});
