// The public origin is configuration, never a request header: the URLs the server builds (checkout
// returns, avatar URLs) name SITE_URL whatever Host or X-Forwarded-Host a client sends, and the
// client's address comes from X-Forwarded-For only as far as TRUST_PROXY trusts it.
import { NextRequest } from 'next/server';
import { POST as checkout } from '@/app/api/checkout/route';
import { POST as uploadPhoto } from '@/app/api/profile/photo/route';
import { clientAddress } from '@/lib/api/request';
import { ORIGIN, apiRequest, signedIn } from '../integration/signed-in';

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

it('sends the buyer to the checkout and back on the public origin', async () => {
  const response = await checkout(
    apiRequest(
      'POST',
      '/api/checkout',
      null,
      { productId: 'setup-service', quantity: 1 },
      { 'content-type': 'application/json', ...FORGED },
    ),
  );
  expect(response.status).toBe(201);
  const { url } = await response.json();
  expect(new URL(url).origin).toBe(ORIGIN);
});

it('names the public origin in a new photo’s address', async () => {
  const me = await signedIn('public-origin');
  // The smallest PNG: one transparent pixel.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('photo', new Blob([png], { type: 'image/png' }), 'me.png');
  const response = await uploadPhoto(
    new NextRequest(`${ORIGIN}/api/profile/photo`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie: me.cookie, ...FORGED },
    }),
  );
  expect(response.status).toBe(201);
  expect(new URL((await response.json()).photoURL).origin).toBe(ORIGIN);
});

describe('the client’s address', () => {
  const request = (forwarded: string) => new NextRequest(`${ORIGIN}/`, { headers: { 'x-forwarded-for': forwarded } });

  it('is what the server put last in X-Forwarded-For without a trusted proxy', () => {
    expect(clientAddress(request('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(request('203.0.113.9, 127.0.0.1'))).toBe('127.0.0.1');
  });

  it('behind N trusted proxies is the address the outermost one saw', async () => {
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '2';
    try {
      await jest.isolateModulesAsync(async () => {
        const { clientAddress: behindTwo } = await import('@/lib/api/request');
        // The client forged the first entry; the outer proxy appended the client, the inner one the outer proxy.
        expect(behindTwo(request('198.51.100.66, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
        expect(behindTwo(request('203.0.113.9'))).toBe('203.0.113.9');
      });
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});
