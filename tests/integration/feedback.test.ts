import { NextRequest } from 'next/server';
import { GET, POST } from '@/app/api/feedback/route';
import { GET as adminList } from '@/app/api/admin/feedback/route';
import { ORIGIN, signedIn } from './signed-in';

type Client = Awaited<ReturnType<typeof signedIn>>;

function request(
  method: string,
  path: string,
  client: Client | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new NextRequest(`${ORIGIN}${path}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body) }),
    headers: { origin: ORIGIN, ...(client && { cookie: client.cookie }), ...headers },
  });
}

async function own(client: Client) {
  return (await (await GET(request('GET', '/api/feedback', client))).json()).items as Array<{
    rating: number;
    message: string;
    page: string | null;
  }>;
}

describe('feedback', () => {
  it('is stored and listed for its author only, newest first', async () => {
    const me = await signedIn('feedback');
    const other = await signedIn('feedback-other');
    const first = await POST(
      request('POST', '/api/feedback', me, {
        rating: 5,
        category: 'widget',
        message: 'Love it',
        page: '/dashboard/widgets',
      }),
    );
    expect(first.status).toBe(201);
    // Exactly the listed columns (lib/feedback/service.ts): nothing else reaches the client by default.
    expect(Object.keys((await first.json()).feedback).sort()).toEqual([
      'category',
      'createdAt',
      'email',
      'id',
      'message',
      'page',
      'rating',
      'uid',
    ]);
    await POST(request('POST', '/api/feedback', me, { rating: 2, category: 'dashboard' }));
    expect((await own(me)).map((f) => f.rating)).toEqual([2, 5]);
    expect((await own(me))[1]).toMatchObject({ message: 'Love it', page: '/dashboard/widgets' });
    expect(await own(other)).toEqual([]);
  });

  it('a double submit stores one entry', async () => {
    const me = await signedIn('feedback-double');
    const body = { rating: 4, category: 'product', message: 'Nice', requestKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([
      POST(request('POST', '/api/feedback', me, body)),
      POST(request('POST', '/api/feedback', me, body)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await own(me)).toHaveLength(1);
  });

  it.each([
    [{ rating: 0, category: 'product' }, ['rating']],
    [{ rating: 6, category: 'product' }, ['rating']],
    [{ rating: 3.5, category: 'product' }, ['rating']],
    [{ rating: '5', category: 'product' }, ['rating']],
    [{ rating: 3, category: 'weather' }, ['category']],
    [{ rating: 3, category: 'other', message: 'x'.repeat(2001) }, ['message']],
    [{ rating: 3, category: 'other', page: 'https://evil.example/' }, ['page']],
    [{}, ['rating', 'category']],
  ])('refuses %j naming %j, and stores nothing', async (body, fields) => {
    const me = await signedIn('feedback-bad');
    const response = await POST(request('POST', '/api/feedback', me, body));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).error.fields).sort()).toEqual([...fields].sort());
    expect(await own(me)).toEqual([]);
  });

  it('support staff read everyone’s feedback with the average rating; others get 403', async () => {
    const a = await signedIn('rate-a');
    const b = await signedIn('rate-b');
    await POST(request('POST', '/api/feedback', a, { rating: 5, category: 'support', message: 'Quick answers' }));
    await POST(request('POST', '/api/feedback', b, { rating: 2, category: 'support', message: 'Slow answers' }));
    const staff = await signedIn('staff', { admin: true });
    const response = await adminList(request('GET', '/api/admin/feedback', staff));
    expect(response.status).toBe(200);
    const body = await response.json();
    const messages = body.items.map((f: { message: string }) => f.message);
    expect(messages).toEqual(expect.arrayContaining(['Quick answers', 'Slow answers']));
    expect(body.averageRating).toBeGreaterThanOrEqual(1);
    expect(body.averageRating).toBeLessThanOrEqual(5);
    expect((await adminList(request('GET', '/api/admin/feedback', a))).status).toBe(403);
    expect((await adminList(request('GET', '/api/admin/feedback', null))).status).toBe(401);
  });
});
