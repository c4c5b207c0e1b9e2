import { ofetch } from 'ofetch';

/** Calls the Auth emulator's REST API the way the Firebase JS SDK does (any API key works there). */
const base = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;

async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
  // Retried (ofetch: up to 3 times, 100 ms apart) when no answer comes: on a busy host a request was
  // sometimes sent on a keep-alive socket the emulator had just closed ("other side closed", nothing
  // processed; about 2 in 5 runs of shop.test.ts alone). Error answers (4xx) are not retried.
  const response = await ofetch.raw<T>(`${base()}/identitytoolkit.googleapis.com/v1/accounts:${method}`, {
    method: 'POST',
    query: { key: 'demo-api-key' },
    body: { ...body, returnSecureToken: true },
    retry: 3,
    retryDelay: 100,
    ignoreResponseError: true,
  });
  if (!response.ok) throw new Error(`${method} failed: ${response.status} ${JSON.stringify(response._data)}`);
  return response._data as T;
}

export async function signUp(email: string, password = 'secret-123'): Promise<{ uid: string; idToken: string }> {
  const body = await call<{ localId: string; idToken: string }>('signUp', { email, password });
  return { uid: body.localId, idToken: body.idToken };
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Changes the password the way the SDK's updatePassword does; answers the new ID token. */
export async function changePassword(idToken: string, password: string): Promise<string> {
  return (await call<{ idToken: string }>('update', { idToken, password })).idToken;
}

/** Signs in with e-mail and password (signInWithEmailAndPassword); answers a fresh ID token. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  return (await call<{ idToken: string }>('signInWithPassword', { email, password })).idToken;
}

/**
 * Signs in with Google the way the SDK finishes its popup against the emulator (signInWithIdp with the
 * emulator's stand-in Google ID token, a plain JSON claim set).
 */
export async function signInWithGoogle(email: string, name: string): Promise<{ uid: string; idToken: string }> {
  const claims = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name });
  const body = await call<{ localId: string; idToken: string }>('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
  });
  return { uid: body.localId, idToken: body.idToken };
}
