import { eq, inArray } from 'drizzle-orm';
import { GET as list, POST as create } from '@/app/api/widgets/route';
import { DELETE as remove, GET as show, PATCH as update } from '@/app/api/widgets/[id]/route';
import { database } from '@/lib/db';
import { orders, products, widgets, workspaces } from '@/lib/db/schema';
import { checkOrigin, normalizeOrigin } from '@/lib/widgets/schema';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { apiRequest, signedIn } from './signed-in';

const request = apiRequest;
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const valid = {
  name: 'Shop chat',
  allowedOrigins: ['https://shop.example.com', 'http://localhost:8080'],
  accentColor: '#0F766E',
  greeting: 'Hi! How can we help?',
  locale: 'de',
};

async function rows(uid: string) {
  const db = await database();
  const personal = db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalOf, uid));
  return db.select().from(widgets).where(inArray(widgets.workspaceId, personal));
}

async function buyPlan(uid: string, slug: string) {
  const db = await database();
  const [product] = await db.select().from(products).where(eq(products.slug, slug));
  await db.insert(orders).values({
    uid,
    productId: product.id,
    quantity: 1,
    amountCents: product.priceCents,
    currency: 'EUR',
    status: 'paid',
  });
  return product.widgetLimit!;
}

describe('origins', () => {
  it.each([
    ['https://Shop.Example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://LOCALHOST:5173/', 'http://localhost:5173'],
    // What `python3 -m http.server --bind 127.0.0.1` announces: the loopback addresses, over http.
    ['http://127.0.0.1:8000', 'http://127.0.0.1:8000'],
    ['http://127.0.0.1:8000/', 'http://127.0.0.1:8000'],
    ['http://127.0.0.1', 'http://127.0.0.1'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
    ['https://xn--mnchen-3ya.de', 'https://xn--mnchen-3ya.de'],
    ['https://münchen.de', 'https://xn--mnchen-3ya.de'],
  ])('accepts %s as %s', (input, expected) => expect(checkOrigin(input)).toEqual({ origin: expected }));

  // Each refusal names why, so that the form can say it (Api.fields).
  it.each([
    ['http://shop.example.com', 'originHttp'],
    ['http://192.168.1.20:8000', 'originHttp'],
    ['http://localhost.example.com', 'originHttp'],
    ['shop.example.com', 'originNoScheme'],
    ['localhost:3000', 'originNoScheme'],
    ['www.example.com/help', 'originNoScheme'],
    ['https://shop.example.com/path', 'originPath'],
    ['https://shop.example.com?x=1', 'originPath'],
    ['https://shop.example.com#top', 'originPath'],
    ['https://user:pw@shop.example.com', 'originCredentials'],
    ['https://*.example.com', 'originWildcard'],
    ['https://shop.example.com; script-src *', 'originWildcard'],
    ['*', 'originWildcard'],
    ['https://shop example.com', 'originHost'],
    ['https://shop_1.example.com', 'originHost'],
    // CSP's host grammar has no IPv6 literals: Chromium drops such a source from frame-ancestors.
    ['http://[::1]:8000', 'originIpv6'],
    ['https://[2001:db8::1]', 'originIpv6'],
    ['javascript:alert(1)', 'originScheme'],
    ['ftp://example.com', 'originScheme'],
    ['https://', 'originNotUrl'],
    ["'self'", 'originNotUrl'],
  ])('refuses %s: %s', (input, problem) => {
    expect(checkOrigin(input)).toEqual({ problem });
    expect(normalizeOrigin(input)).toBeNull();
  });
});

describe('widgets through the JSON API', () => {
  it('creates, lists, shows, updates and deletes a widget', async () => {
    const me = await signedIn('widgets');
    const created = await create(request('POST', '/api/widgets', me, valid));
    expect(created.status).toBe(201);
    const { widget } = await created.json();
    expect(widget).toMatchObject({
      name: 'Shop chat',
      allowedOrigins: ['https://shop.example.com', 'http://localhost:8080'],
      accentColor: '#0f766e',
      locale: 'de',
      // Unless told otherwise, a widget speaks each visitor's language (the default one for others).
      followPageLanguage: true,
      preChatNote: '',
      privacyPolicyUrl: null,
      theme: 'auto',
    });
    expect(widget.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(widget).not.toHaveProperty('requestKey');
    expect(widget).not.toHaveProperty('uid');

    expect(await (await list(request('GET', '/api/widgets', me))).json()).toMatchObject({
      limit: 1,
      widgets: [{ id: widget.id }],
    });
    expect((await (await show(request('GET', `/api/widgets/${widget.id}`, me), ctx(widget.id))).json()).widget.id).toBe(
      widget.id,
    );

    const changed = await update(
      request('PATCH', `/api/widgets/${widget.id}`, me, { name: 'Support', allowedOrigins: [] }),
      ctx(widget.id),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).widget).toMatchObject({
      name: 'Support',
      allowedOrigins: [],
      greeting: valid.greeting,
      translations: {},
    });
    // The texts for visitors reading the widget's other language, kept beside its own.
    const translated = await update(
      request('PATCH', `/api/widgets/${widget.id}`, me, {
        translations: {
          de: { greeting: '  Hallo! Wie können wir helfen?  ', awayMessage: 'Wir antworten per E-Mail.' },
        },
      }),
      ctx(widget.id),
    );
    expect((await translated.json()).widget).toMatchObject({
      greeting: valid.greeting,
      translations: { de: { greeting: 'Hallo! Wie können wir helfen?', awayMessage: 'Wir antworten per E-Mail.' } },
    });
    // The pre-chat note (per language), the consent line's privacy policy and the colours.
    const looked = await update(
      request('PATCH', `/api/widgets/${widget.id}`, me, {
        preChatNote: 'We use your name for this chat only.',
        translations: { de: { preChatNote: 'Wir nutzen Ihren Namen nur für diesen Chat.' } },
        privacyPolicyUrl: ' https://Shop.Example.com/privacy#chat ',
        theme: 'dark',
      }),
      ctx(widget.id),
    );
    expect((await looked.json()).widget).toMatchObject({
      preChatNote: 'We use your name for this chat only.',
      translations: { de: { preChatNote: 'Wir nutzen Ihren Namen nur für diesen Chat.' } },
      privacyPolicyUrl: 'https://shop.example.com/privacy#chat',
      theme: 'dark',
    });
    const cleared = await update(
      request('PATCH', `/api/widgets/${widget.id}`, me, { privacyPolicyUrl: null }),
      ctx(widget.id),
    );
    expect((await cleared.json()).widget).toMatchObject({ privacyPolicyUrl: null, theme: 'dark' });

    expect((await remove(request('DELETE', `/api/widgets/${widget.id}`, me), ctx(widget.id))).status).toBe(204);
    expect(await rows(me.uid)).toHaveLength(0);
  });

  it('keeps the free limit of one widget, and a plan bought once before subscriptions still raises it', async () => {
    const me = await signedIn('widgets');
    expect((await create(request('POST', '/api/widgets', me, valid))).status).toBe(201);
    const refused = await create(
      request('POST', '/api/widgets', me, { ...valid, name: 'Second' }, { 'accept-language': 'de' }),
    );
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toEqual({
      code: 'planLimit',
      message:
        'Ihr Paket enthält das nicht. Das Paket Starter enthält es: Wechseln Sie das Paket auf der Abrechnungsseite.',
      plan: 'starter',
    });
    expect(await rows(me.uid)).toHaveLength(1);

    const limit = await buyPlan(me.uid, 'starter');
    expect(limit).toBe(3);
    for (let i = 2; i <= limit; i++)
      expect((await create(request('POST', '/api/widgets', me, { ...valid, name: `W${i}` }))).status).toBe(201);
    const beyond = await create(request('POST', '/api/widgets', me, { ...valid, name: 'One more' }));
    expect([beyond.status, (await beyond.json()).error.plan]).toEqual([402, 'professional']);
    expect(await (await list(request('GET', '/api/widgets', me))).json()).toMatchObject({ limit });
  });

  it('creates one widget for a double submit and for concurrent requests at the limit', async () => {
    const me = await signedIn('widgets');
    const body = { ...valid, requestKey: 'widget-form-key-1' };
    const [first, second] = await Promise.all([
      create(request('POST', '/api/widgets', me, body)),
      create(request('POST', '/api/widgets', me, body)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(await rows(me.uid)).toHaveLength(1);

    const other = await signedIn('widgets');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create(request('POST', '/api/widgets', other, { ...valid, name: `Race ${i}` })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 402, 402, 402, 402]);
    expect(await rows(other.uid)).toHaveLength(1);
  });

  it('refuses invalid fields by name and writes nothing', async () => {
    const me = await signedIn('widgets');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, name: 'x'.repeat(61) }, 'name'],
      [{ ...valid, allowedOrigins: ['https://ok.example.com', 'http://evil.example.com'] }, 'allowedOrigins.1'],
      [{ ...valid, allowedOrigins: ['https://a.example.com/path'] }, 'allowedOrigins.0'],
      [{ ...valid, allowedOrigins: 'https://a.example.com' }, 'allowedOrigins'],
      [
        { ...valid, allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) },
        'allowedOrigins',
      ],
      [{ ...valid, accentColor: 'red' }, 'accentColor'],
      [{ ...valid, accentColor: '#12345' }, 'accentColor'],
      [{ ...valid, greeting: 'x'.repeat(201) }, 'greeting'],
      [{ ...valid, locale: 'fr' }, 'locale'],
      [{ ...valid, translations: { de: { greeting: 'x'.repeat(201) } } }, 'translations.de.greeting'],
      [{ ...valid, translations: { de: { awayMessage: 'x'.repeat(301) } } }, 'translations.de.awayMessage'],
      [{ ...valid, translations: { de: 'Hallo' } }, 'translations.de'],
      [{ ...valid, translations: { de: { preChatNote: 'x'.repeat(301) } } }, 'translations.de.preChatNote'],
      [{ ...valid, preChatNote: 'x'.repeat(301) }, 'preChatNote'],
      [{ ...valid, theme: 'sepia' }, 'theme'],
      [{ ...valid, privacyPolicyUrl: 'javascript:alert(1)' }, 'privacyPolicyUrl'],
      [{ ...valid, privacyPolicyUrl: 'http://shop.example.com/privacy' }, 'privacyPolicyUrl'],
      [{ ...valid, privacyPolicyUrl: 'https://user:pw@shop.example.com/privacy' }, 'privacyPolicyUrl'],
      [{ ...valid, privacyPolicyUrl: `https://shop.example.com/${'p'.repeat(500)}` }, 'privacyPolicyUrl'],
    ];
    for (const [body, field] of cases) {
      const response = await create(request('POST', '/api/widgets', me, body));
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).error.fields)).toContain(field);
    }
    const german = await create(
      request('POST', '/api/widgets', me, { ...valid, privacyPolicyUrl: 'datenschutz' }, { 'accept-language': 'de' }),
    );
    expect((await german.json()).error.fields.privacyPolicyUrl).toMatch(/vollständige Adresse/);
    expect((await create(request('POST', '/api/widgets', me, '{"name":'))).status).toBe(400);
    expect(
      (await create(request('POST', '/api/widgets', me, { ...valid, greeting: 'x'.repeat(17 * 1024) }))).status,
    ).toBe(413);
    expect((await create(request('POST', '/api/widgets', me, valid, { origin: 'https://evil.example' }))).status).toBe(
      403,
    );
    expect((await create(request('POST', '/api/widgets', null, valid))).status).toBe(401);
    expect(await rows(me.uid)).toHaveLength(0);
  });

  it('says why each refused origin is refused, in the caller’s language, and writes nothing', async () => {
    const me = await signedIn('widgets');
    const allowedOrigins = [
      'http://127.0.0.1:8000',
      'http://shop.example.com',
      'https://shop.example.com/help',
      'https://*.example.com',
      'shop.example.com',
      'http://[::1]:8000',
    ];
    for (const [language, m] of [
      ['en', en],
      ['de', de],
    ] as const) {
      const response = await create(
        request('POST', '/api/widgets', me, { ...valid, allowedOrigins }, { 'accept-language': language }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({
        'allowedOrigins.1': m.Api.fields.originHttp,
        'allowedOrigins.2': m.Api.fields.originPath,
        'allowedOrigins.3': m.Api.fields.originWildcard,
        'allowedOrigins.4': m.Api.fields.originNoScheme,
        'allowedOrigins.5': m.Api.fields.originIpv6,
      });
    }
    expect(await rows(me.uid)).toHaveLength(0);
    const accepted = await create(
      request('POST', '/api/widgets', me, {
        ...valid,
        allowedOrigins: ['http://127.0.0.1:8000', 'http://localhost:5173'],
      }),
    );
    expect(accepted.status).toBe(201);
    expect((await accepted.json()).widget.allowedOrigins).toEqual(['http://127.0.0.1:8000', 'http://localhost:5173']);
  });

  it("answers 404 for another user's widget and changes nothing", async () => {
    const owner = await signedIn('widgets');
    const intruder = await signedIn('widgets');
    const { widget } = await (await create(request('POST', '/api/widgets', owner, valid))).json();
    expect((await show(request('GET', `/api/widgets/${widget.id}`, intruder), ctx(widget.id))).status).toBe(404);
    expect(
      (await update(request('PATCH', `/api/widgets/${widget.id}`, intruder, { name: 'Mine now' }), ctx(widget.id)))
        .status,
    ).toBe(404);
    expect((await remove(request('DELETE', `/api/widgets/${widget.id}`, intruder), ctx(widget.id))).status).toBe(404);
    expect((await show(request('GET', '/api/widgets/unknown-id', owner), ctx('unknown-id'))).status).toBe(404);
    expect((await (await list(request('GET', '/api/widgets', intruder))).json()).widgets).toEqual([]);
    expect((await rows(owner.uid))[0]).toMatchObject({ name: valid.name });
  });
});
