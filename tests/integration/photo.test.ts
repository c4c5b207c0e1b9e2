import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { DELETE, POST } from '@/app/api/profile/photo/route';
import { GET } from '@/app/api/avatars/[uid]/route';
import { adminAuth } from '@/lib/firebase/admin';
import { PHOTO_CHANGES_PER_HOUR, findPhoto } from '@/lib/avatar/photo';
import { ORIGIN, signedIn } from './signed-in';

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

function upload(cookie: string, file: Blob, name = 'photo.png', headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('photo', file, name);
  return POST(
    new NextRequest(`${ORIGIN}/api/profile/photo`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie, ...headers },
    }),
  );
}

async function expectRefused(response: Response, status: number, code: string, uid: string) {
  expect(response.status).toBe(status);
  expect((await response.json()).error.code).toBe(code);
  expect(await findPhoto(uid)).toBeNull();
  expect((await adminAuth().getUser(uid)).photoURL).toBeUndefined();
}

describe('profile photo', () => {
  it('stores a 256 px square WebP, points the account at it, and serves it', async () => {
    const me = await signedIn('photo');
    const response = await upload(me.cookie, new Blob([new Uint8Array(await png(800, 500))], { type: 'image/png' }));
    expect(response.status).toBe(201);
    const { photoURL } = await response.json();
    expect(photoURL).toMatch(new RegExp(`^${ORIGIN}/api/avatars/${me.uid}\\?v=\\d+$`));
    expect((await adminAuth().getUser(me.uid)).photoURL).toBe(photoURL);
    const stored = (await findPhoto(me.uid))!;
    expect(await sharp(stored.image).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const served = await GET(new Request(`${ORIGIN}/api/avatars/${me.uid}`), {
      params: Promise.resolve({ uid: me.uid }),
    });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored.image)).toBe(true);

    const removed = await DELETE(
      new NextRequest(`${ORIGIN}/api/profile/photo`, {
        method: 'DELETE',
        headers: { origin: ORIGIN, cookie: me.cookie },
      }),
    );
    expect(removed.status).toBe(200);
    expect(await findPhoto(me.uid)).toBeNull();
    expect((await adminAuth().getUser(me.uid)).photoURL).toBeUndefined();
    const fallback = await GET(new Request(`${ORIGIN}/api/avatars/${me.uid}`), {
      params: Promise.resolve({ uid: me.uid }),
    });
    expect(fallback.headers.get('content-type')).toBe('image/svg+xml');
    expect(await fallback.text()).toMatch(/^<svg /);
  });

  it('answers 413 for a file over 2 MB, in the caller’s language, and stores nothing', async () => {
    const me = await signedIn('photo');
    const big = new Blob([new Uint8Array(2 * 1024 * 1024 + 70 * 1024)], { type: 'image/png' });
    const response = await upload(me.cookie, big, 'big.png', { 'accept-language': 'de' });
    expect(response.status).toBe(413);
    expect((await response.clone().json()).error.message).toMatch(/zu groß|größer/);
    await expectRefused(response, 413, 'payloadTooLarge', me.uid);
  });

  it('answers 413 for an image just over 2 MB that fits in the body limit', async () => {
    const me = await signedIn('photo');
    const bytes = new Uint8Array(2 * 1024 * 1024 + 10);
    bytes.set(await png(4, 4));
    await expectRefused(
      await upload(me.cookie, new Blob([bytes], { type: 'image/png' })),
      413,
      'photoTooLarge',
      me.uid,
    );
  });

  it.each([
    ['a text file named .png', new Blob(['hello, not an image'], { type: 'image/png' }), 'x.png'],
    [
      'an SVG (scriptable, refused)',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
      'x.svg',
    ],
    ['an empty file', new Blob([], { type: 'image/jpeg' }), 'x.jpg'],
  ])('answers 415 for %s and stores nothing', async (_, file, name) => {
    const me = await signedIn('photo');
    await expectRefused(await upload(me.cookie, file, name), 415, 'unsupportedMediaType', me.uid);
  });

  it('answers 415 for a body that is not multipart, 400 without the field', async () => {
    const me = await signedIn('photo');
    const json = await POST(
      new NextRequest(`${ORIGIN}/api/profile/photo`, {
        method: 'POST',
        body: '{}',
        headers: { origin: ORIGIN, cookie: me.cookie, 'content-type': 'application/json' },
      }),
    );
    await expectRefused(json, 415, 'unsupportedMediaType', me.uid);
    const form = new FormData();
    form.set('other', 'x');
    const empty = await POST(
      new NextRequest(`${ORIGIN}/api/profile/photo`, {
        method: 'POST',
        body: form,
        headers: { origin: ORIGIN, cookie: me.cookie },
      }),
    );
    await expectRefused(empty, 400, 'invalidBody', me.uid);
  });

  it('allows 10 photo changes an hour; then a translated 429 that asks nothing of the identity provider', async () => {
    const me = await signedIn('photo');
    const file = new Blob([new Uint8Array(await png(10, 10))], { type: 'image/png' });
    const remove = () =>
      DELETE(
        new NextRequest(`${ORIGIN}/api/profile/photo`, {
          method: 'DELETE',
          headers: { origin: ORIGIN, cookie: me.cookie },
        }),
      );
    for (let i = 0; i < PHOTO_CHANGES_PER_HOUR - 1; i++) expect((await upload(me.cookie, file)).status).toBe(201);
    expect((await remove()).status).toBe(200);
    const refused = await upload(me.cookie, file, 'p.png', { 'accept-language': 'de' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    expect((await refused.json()).error).toMatchObject({
      code: 'tooManyPhotoChanges',
      message: expect.stringContaining('1 Stunde'),
    });
    expect((await remove()).status).toBe(429);
    // The tenth change, the removal, is what stands: the refused upload reached neither the database nor the provider.
    expect(await findPhoto(me.uid)).toBeNull();
    expect((await adminAuth().getUser(me.uid)).photoURL).toBeUndefined();
  });

  it('answers 401 without a session and 403 from a foreign Origin', async () => {
    const me = await signedIn('photo');
    const file = new Blob([new Uint8Array(await png(10, 10))], { type: 'image/png' });
    await expectRefused(await upload('', file), 401, 'unauthenticated', me.uid);
    await expectRefused(
      await upload(me.cookie, file, 'p.png', { origin: 'https://evil.example' }),
      403,
      'forbiddenOrigin',
      me.uid,
    );
  });
});
