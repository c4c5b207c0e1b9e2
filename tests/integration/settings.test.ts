import { NextRequest } from 'next/server';
import { GET, PUT } from '@/app/api/settings/route';
import { POST as signInRoute } from '@/app/api/session/route';
import { signInWithPassword } from './emulator';
import { ORIGIN, signedIn } from './signed-in';

type Client = Awaited<ReturnType<typeof signedIn>>;
const valid = {
  locale: 'de',
  theme: 'dark',
  notifyTicketReplies: false,
  notifyOrderUpdates: true,
  alertSound: false,
  emailAlerts: 'after5',
  alertScope: 'mine',
};

function put(client: Client, body: unknown, headers: Record<string, string> = {}) {
  return PUT(
    new NextRequest(`${ORIGIN}/api/settings`, {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: { origin: ORIGIN, cookie: client.cookie, ...headers },
    }),
  );
}
async function read(client: Client, language = 'en') {
  const response = await GET(
    new NextRequest(`${ORIGIN}/api/settings`, { headers: { cookie: client.cookie, 'accept-language': language } }),
  );
  return (await response.json()).settings;
}

describe('settings', () => {
  it('start from defaults in the caller’s language', async () => {
    const me = await signedIn('settings-defaults');
    expect(await read(me, 'de-DE')).toEqual({
      locale: 'de',
      theme: 'system',
      notifyTicketReplies: true,
      notifyOrderUpdates: true,
      alertSound: true,
      emailAlerts: 'now',
      alertScope: 'mineAndUnassigned',
    });
  });

  it('are saved per user and write the locale and theme cookies', async () => {
    const me = await signedIn('settings');
    const other = await signedIn('settings-other');
    const response = await put(me, valid);
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/i18n_redirected=de; Path=\/; Expires=[^;]+; Max-Age=31536000; SameSite=lax/i);
    expect(cookies).toMatch(/theme=dark;/);
    expect(await read(me)).toEqual(valid);
    expect((await read(other)).theme).toBe('system');
  });

  it('a new sign-in on another device gets the saved theme', async () => {
    const me = await signedIn('settings-device');
    await put(me, valid);
    const idToken = await signInWithPassword(me.email, 'secret-123');
    const response = await signInRoute(
      new NextRequest(`${ORIGIN}/api/session`, {
        method: 'POST',
        body: JSON.stringify({ idToken }),
        headers: { origin: ORIGIN },
      }),
    );
    expect(response.headers.getSetCookie().join('\n')).toMatch(/theme=dark;/);
  });

  it('a new sign-in answers the saved language, for the browser to open the dashboard in it', async () => {
    const me = await signedIn('settings-language');
    const signIn = async () => {
      const idToken = await signInWithPassword(me.email, 'secret-123');
      return signInRoute(
        new NextRequest(`${ORIGIN}/api/session`, {
          method: 'POST',
          body: JSON.stringify({ idToken }),
          headers: { origin: ORIGIN },
        }),
      );
    };
    // Nothing saved yet: the browser keeps the language it has.
    expect(await (await signIn()).json()).not.toHaveProperty('locale');
    await put(me, valid);
    expect((await (await signIn()).json()).locale).toBe('de');
    await put(me, { ...valid, locale: 'en' });
    expect((await (await signIn()).json()).locale).toBe('en');
  });

  it.each([
    [{ ...valid, locale: 'fr' }, ['locale']],
    [{ ...valid, theme: 'sepia' }, ['theme']],
    [{ ...valid, notifyOrderUpdates: 'yes' }, ['notifyOrderUpdates']],
    [{ ...valid, emailAlerts: 'after3' }, ['emailAlerts']],
    [{ ...valid, alertSound: 'loud' }, ['alertSound']],
    [{ ...valid, alertScope: 'mineAndAll' }, ['alertScope']],
    [{}, ['locale', 'theme', 'notifyTicketReplies', 'notifyOrderUpdates', 'alertSound', 'emailAlerts', 'alertScope']],
  ])('refuse %j, naming the fields, and keep what was saved', async (body, fields) => {
    const me = await signedIn('settings-bad');
    const response = await put(me, body);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).error.fields).sort()).toEqual([...fields].sort());
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await read(me)).theme).toBe('system');
  });

  it('refuse a foreign Origin and a visitor', async () => {
    const me = await signedIn('settings-origin');
    expect((await put(me, valid, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await put({ ...me, cookie: '' }, valid)).status).toBe(401);
    expect((await read(me)).theme).toBe('system');
  });
});
