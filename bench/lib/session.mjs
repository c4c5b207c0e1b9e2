// A signed-in user for the dashboard scenarios: an account in the app's Auth emulator, a server session
// through POST /api/session, and 12 tickets so that the list page shows a full page.

export async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return { response, body: await response.json() };
}

/** A server session of an account of the emulator: its cookie and the origin, as request headers. */
export async function sessionOf(origin, idToken) {
  const { response } = await json(`${origin}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ idToken }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__session='));
  if (!cookie) throw new Error('POST /api/session set no session cookie');
  return { cookie: cookie.slice(0, cookie.indexOf(';')), origin };
}

export async function signedInSession(origin, emulatorHost) {
  const password = 'bench-secret-123';
  const { body: account } = await json(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password,
        returnSecureToken: true,
      }),
    },
  );
  const headers = await sessionOf(origin, account.idToken);
  for (let i = 1; i <= 12; i++) {
    await json(`${origin}/api/tickets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: `Bench ticket ${i}`,
        category: 'technical',
        message: 'A ticket for the list page of the benchmark.',
      }),
    });
  }
  return { headers, account: { uid: account.localId, email: account.email, password } };
}
