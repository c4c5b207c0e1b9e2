// Who a visitor is: a token the server signs on the widget's first request (renewed later), or the
// customer's signed-in user, verified by HMAC-SHA256(widget secret, user id) from the customer's server.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { database } from '@/lib/db';
import { visitors } from '@/lib/db/schema';
import { POST as start } from '@/app/api/widgets/[id]/visitors/route';
import { GET as list, POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { POST as rotate } from '@/app/api/widgets/[id]/secret/route';
import { GET as show } from '@/app/api/widgets/[id]/route';
import { GET as inbox } from '@/app/api/workspaces/[wid]/inbox/route';
import { apiRequest } from './signed-in';

const wsCtx = (who: { workspaceId: string }) => ({ params: Promise.resolve({ wid: who.workspaceId }) });
import { converse, newVisitor, ownWidget, visitorRequest } from './visitors';

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const hmac = (secret: string, userId: string) => createHmac('sha256', secret).update(userId).digest('hex');

function startAs(widgetId: string, body: unknown, token: string | null = null, headers: Record<string, string> = {}) {
  return start(visitorRequest('POST', `/api/widgets/${widgetId}/visitors`, token, body, headers), ctx(widgetId));
}

describe('visitor tokens', () => {
  it('issues a token on the first request and renews the same visitor with it', async () => {
    const { widgetId } = await ownWidget();
    const first = await startAs(widgetId, {});
    expect(first.status).toBe(201);
    const { token, visitorId } = await first.json();
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(first.headers.getSetCookie()).toEqual([]); // no cookie of any kind
    const renewed = await startAs(widgetId, {}, token);
    expect(renewed.status).toBe(200);
    expect((await renewed.json()).visitorId).toBe(visitorId);
    expect((await startAs('no-such-widget', {})).status).toBe(404);
  });

  it('refuses a bad token with a translated 401; the widget then starts a new visitor', async () => {
    const { widgetId } = await ownWidget();
    const other = await ownWidget();
    const foreign = await newVisitor(other.widgetId);
    const refused = await startAs(widgetId, {}, foreign.token, { 'accept-language': 'de' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('invalidVisitorToken');
    const fresh = await startAs(widgetId, {});
    expect(fresh.status).toBe(201);
    expect((await fresh.json()).visitorId).not.toBe(foreign.visitorId);
  });
});

describe('identity verification', () => {
  it('shows the secret once, verifies the user’s hash, and refuses a wrong or missing one', async () => {
    const { owner, widgetId } = await ownWidget();
    expect(
      (await (await show(apiRequest('GET', `/api/widgets/${widgetId}`, owner), ctx(widgetId))).json()).widget
        .identityVerification,
    ).toBe(false);
    // Without a secret no claim can be verified.
    expect((await startAs(widgetId, { user: { id: 'user-42', hash: hmac('guess', 'user-42') } })).status).toBe(403);

    const rotated = await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId));
    const { secret } = await rotated.json();
    expect(secret).toMatch(/^[\w-]{43}$/);
    const shown = await (await show(apiRequest('GET', `/api/widgets/${widgetId}`, owner), ctx(widgetId))).json();
    expect(shown.widget.identityVerification).toBe(true);
    expect(JSON.stringify(shown)).not.toContain(secret);

    const user = { id: 'user-42', email: 'ada@example.com', name: 'Ada Lovelace' };
    const verified = await startAs(widgetId, { user: { ...user, hash: hmac(secret, user.id) } });
    expect(verified.status).toBe(201);
    const first = await verified.json();
    expect(first.verified).toBe(true);
    const { conversation } = await converse(
      widgetId,
      { token: first.token, visitorId: first.visitorId, address: '198.51.100.42' },
      'Where is my order?',
    );

    // Another device: the same user, the same visitor, their history.
    const again = await (await startAs(widgetId, { user: { ...user, hash: hmac(secret, user.id) } })).json();
    expect(again.visitorId).toBe(first.visitorId);
    const history = await (
      await list(visitorRequest('GET', `/api/widgets/${widgetId}/conversations`, again.token), ctx(widgetId))
    ).json();
    expect(history.conversations.map((c: { id: string }) => c.id)).toEqual([conversation.id]);
    // Marked verified in the owner's inbox, with the customer's name and address.
    const owned = await (
      await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox`, owner), wsCtx(owner))
    ).json();
    expect(owned.conversations[0].visitor).toMatchObject({
      verified: true,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });

    // A wrong hash, another user's hash, a missing hash: refused, never taken as that user.
    for (const claim of [
      { ...user, hash: hmac(secret, 'user-43') },
      { ...user, hash: hmac('another secret', user.id) },
      { ...user, hash: 'not-a-hash' },
    ]) {
      const response = await startAs(widgetId, { user: claim }, null, { 'accept-language': 'de' });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatchObject({
        code: 'identityUnverified',
        message: expect.stringContaining('Identität'),
      });
    }
    const missing = await startAs(widgetId, { user: { id: user.id } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toHaveProperty(['user.hash']);

    // Rotating the secret: the old hashes stop verifying.
    const { secret: next } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    expect((await startAs(widgetId, { user: { ...user, hash: hmac(secret, user.id) } })).status).toBe(403);
    expect((await startAs(widgetId, { user: { ...user, hash: hmac(next, user.id) } })).status).toBe(200);
  });

  it('starts an anonymous visitor when the page no longer names the verified user (signed out)', async () => {
    const { owner, widgetId } = await ownWidget();
    const { secret } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    const verified = await (await startAs(widgetId, { user: { id: 'u-7', hash: hmac(secret, 'u-7') } })).json();
    await converse(
      widgetId,
      { token: verified.token, visitorId: verified.visitorId, address: '198.51.100.7' },
      'Private to u-7',
    );
    const anonymous = await startAs(widgetId, {}, verified.token);
    expect(anonymous.status).toBe(201);
    const next = await anonymous.json();
    expect(next.visitorId).not.toBe(verified.visitorId);
    const history = await (
      await list(visitorRequest('GET', `/api/widgets/${widgetId}/conversations`, next.token), ctx(widgetId))
    ).json();
    expect(history.conversations).toEqual([]);
  });

  it('shows as verified only what a signature covers; a claim beside it never replaces a known address', async () => {
    const { owner, widgetId } = await ownWidget();
    const { secret } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    const id = 'user-77';
    const signedDetails = (email: string, name: string) => hmac(secret, `${id}\n${email}\n${name}`);
    const visitorInInbox = async () => {
      const { conversations } = await (
        await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox`, owner), wsCtx(owner))
      ).json();
      return conversations[0].visitor;
    };

    // The id's hash alone: the id is verified, the address and name are the visitor's own word.
    const first = await (
      await startAs(widgetId, { user: { id, hash: hmac(secret, id), email: 'ada@example.com', name: 'Ada' } })
    ).json();
    await converse(widgetId, { token: first.token, visitorId: first.visitorId, address: '198.51.100.77' }, 'Hello');
    expect(await visitorInInbox()).toMatchObject({
      userId: id,
      verified: true,
      name: 'Ada',
      nameVerified: false,
      email: 'ada@example.com',
      emailVerified: false,
    });

    // The outside run's forgery: a valid id and hash, someone else's address and name beside them, with no
    // details hash or a wrong one. Never verified; the known address stays the one replies go to.
    for (const detailsHash of [undefined, signedDetails('ada@example.com', 'Ada'), hmac('guessed', id)]) {
      const forged = await startAs(widgetId, {
        user: { id, hash: hmac(secret, id), email: 'ceo@bank.example', name: 'The CEO', detailsHash },
      });
      expect(forged.status).toBe(200);
      expect(await visitorInInbox()).toMatchObject({
        name: 'The CEO',
        nameVerified: false,
        email: 'ada@example.com',
        emailVerified: false,
      });
    }

    // Signed by the customer's server (the name as written, spaces and all): both verified, and they replace.
    const signed = await startAs(widgetId, {
      user: {
        id,
        hash: hmac(secret, id),
        email: 'ada.lovelace@example.com',
        name: ' Ada  Lovelace ',
        detailsHash: signedDetails('ada.lovelace@example.com', ' Ada  Lovelace '),
      },
    });
    expect(await signed.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada.lovelace@example.com' });
    expect(await visitorInInbox()).toMatchObject({
      name: 'Ada Lovelace',
      nameVerified: true,
      email: 'ada.lovelace@example.com',
      emailVerified: true,
    });

    // A later unsigned claim replaces neither.
    await startAs(widgetId, {
      user: { id, hash: hmac(secret, id), email: 'ceo@bank.example', name: 'The CEO' },
    });
    expect(await visitorInInbox()).toMatchObject({
      name: 'Ada Lovelace',
      nameVerified: true,
      email: 'ada.lovelace@example.com',
      emailVerified: true,
    });

    // An id with a line break could make its hash a details hash: refused.
    const broken = await startAs(widgetId, { user: { id: `${id}\nx`, hash: hmac(secret, `${id}\nx`) } });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.fields).toHaveProperty(['user.id']);
  });

  it('ends what the old secret bought: verified visitors’ earlier tokens answer 401, anonymous ones go on', async () => {
    const { owner, widgetId } = await ownWidget();
    const rotateSecret = async () =>
      (await (await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))).json())
        .secret as string;
    const secret = await rotateSecret();
    const verified = await (await startAs(widgetId, { user: { id: 'u-9', hash: hmac(secret, 'u-9') } })).json();
    const anonymous = await newVisitor(widgetId);
    await converse(widgetId, { ...verified, address: '198.51.100.9' }, 'Private to u-9');
    await converse(widgetId, anonymous, 'Anonymous question');
    const history = (token: string) =>
      list(visitorRequest('GET', `/api/widgets/${widgetId}/conversations`, token), ctx(widgetId));
    expect((await history(verified.token)).status).toBe(200);

    const next = await rotateSecret();
    const refused = await history(verified.token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('invalidVisitorToken');
    const write = await startConversation(
      visitorRequest('POST', `/api/widgets/${widgetId}/conversations`, verified.token, { text: 'Still me?' }),
      ctx(widgetId),
    );
    expect(write.status).toBe(401);
    expect((await history(anonymous.token)).status).toBe(200);

    // The widget starts again with the new secret's hash: the same visitor, their history.
    const again = await (await startAs(widgetId, { user: { id: 'u-9', hash: hmac(next, 'u-9') } })).json();
    expect(again.visitorId).toBe(verified.visitorId);
    const mine = await (await history(again.token)).json();
    expect(mine.conversations.map((c: { lastMessagePreview: string }) => c.lastMessagePreview)).toEqual([
      'Private to u-9',
    ]);
  });

  it('refuses to rotate the secret of another owner’s widget (404)', async () => {
    const { widgetId } = await ownWidget();
    const other = await ownWidget();
    const response = await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, other.owner), ctx(widgetId));
    expect(response.status).toBe(404);
  });
});

describe('signed identity tokens (identify)', () => {
  const sign = (secret: string, claims: Record<string, unknown>, { alg = 'HS256', expires = '10m' } = {}) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt();
    if (expires) jwt.setExpirationTime(expires);
    return jwt.sign(new TextEncoder().encode(secret));
  };
  const visitorsOf = async (widgetId: string) =>
    (await (await database()).select({ id: visitors.id }).from(visitors).where(eq(visitors.widgetId, widgetId))).length;

  it('verifies everything a token carries, as the same visitor the id’s hash names', async () => {
    const { owner, widgetId } = await ownWidget();
    const { secret } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    const identityToken = await sign(secret, { sub: 'user-9', email: 'grace@example.com', name: 'Grace Hopper' });
    const started = await startAs(widgetId, { identityToken, locale: 'de' });
    expect(started.status).toBe(201);
    const first = await started.json();
    expect(first).toMatchObject({ verified: true, name: 'Grace Hopper', email: 'grace@example.com' });
    await converse(widgetId, { token: first.token, visitorId: first.visitorId, address: '198.51.100.9' }, 'Hi');
    const { conversations } = await (
      await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox`, owner), wsCtx(owner))
    ).json();
    expect(conversations[0].visitor).toMatchObject({
      userId: 'user-9',
      verified: true,
      name: 'Grace Hopper',
      nameVerified: true,
      email: 'grace@example.com',
      emailVerified: true,
    });
    // The old snippet's hash names the same user: the same visitor, and it takes nothing verified away.
    const hashed = await (await startAs(widgetId, { user: { id: 'user-9', hash: hmac(secret, 'user-9') } })).json();
    expect(hashed.visitorId).toBe(first.visitorId);
    // A token with the id alone verifies the id; the address and name stay what was signed before.
    const bare = await (await startAs(widgetId, { identityToken: await sign(secret, { sub: 'user-9' }) })).json();
    expect(bare).toMatchObject({ visitorId: first.visitorId, name: 'Grace Hopper', email: 'grace@example.com' });
  });

  it('refuses a wrong, altered, expired or foreign-algorithm token with a translated 403, and writes nothing', async () => {
    const { owner, widgetId } = await ownWidget();
    const claims = { sub: 'user-10', email: 'ada@example.com' };
    // Without a secret nothing can be verified.
    expect((await startAs(widgetId, { identityToken: await sign('guess', claims) })).status).toBe(403);
    const { secret } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    const good = await sign(secret, claims);
    const [header, , signature] = good.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin', exp: 4102444800 })).toString('base64url')}.${signature}`;
    const refusals: Array<[string, string]> = [
      [await sign('not-the-secret', claims), 'identityUnverified'],
      [altered, 'identityUnverified'],
      [await sign(secret, claims, { alg: 'HS512' }), 'identityUnverified'],
      [await sign(secret, claims, { expires: '' }), 'identityUnverified'],
      [await sign(secret, { email: 'ada@example.com' }), 'identityUnverified'],
      [await sign(secret, { sub: 'user-10', email: 'not an address' }), 'identityUnverified'],
      [await sign(secret, claims, { expires: '-2 minutes' }), 'identityExpired'],
    ];
    for (const [identityToken, code] of refusals) {
      const refused = await startAs(widgetId, { identityToken }, null, { 'accept-language': 'de' });
      expect(refused.status).toBe(403);
      const { error } = await refused.json();
      expect(error.code).toBe(code);
      expect(error.message).toMatch(code === 'identityExpired' ? /abgelaufen/ : /nicht bestätigt/);
    }
    // Not a token at all, or two claims at once: 400.
    for (const body of [
      { identityToken: 'x'.repeat(4097) },
      { identityToken: good, user: { id: 'user-10', hash: hmac(secret, 'user-10') } },
    ])
      expect((await startAs(widgetId, body)).status).toBe(400);
    expect(await visitorsOf(widgetId)).toBe(0);
    // Within the 30 s the clocks may differ, a token that just expired still counts.
    expect((await startAs(widgetId, { identityToken: await sign(secret, claims, { expires: '-10 s' }) })).status).toBe(
      201,
    );
  });
});
