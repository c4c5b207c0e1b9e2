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

/**
 * A new account and an ID token from a sign-in after it: the emulator's sign-up token carries the auth_time
 * of the request's start but stamps validSince later, so across a second's boundary firebase-admin reads it
 * as revoked (a 401 for about one sign-up in a thousand on a busy host). A later sign-in is never older.
 */
export async function signUp(email: string, password = 'secret-123'): Promise<{ uid: string; idToken: string }> {
  const { localId } = await call<{ localId: string }>('signUp', { email, password });
  return { uid: localId, idToken: await signInWithPassword(email, password) };
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

const projectId = () => process.env.FIREBASE_PROJECT_ID ?? 'demo-plauder';

/** Calls the emulator's admin API (as the console or a service account would). */
async function admin(method: string, body: Record<string, unknown>) {
  await ofetch(`${base()}/identitytoolkit.googleapis.com/v1/projects/${projectId()}/accounts:${method}`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner' },
    body,
    retry: 3,
    retryDelay: 100,
  });
}

/**
 * An ID token as the SDK holds it after refreshing a sign-in made at `authTime`: issued now, valid for
 * an hour. The emulator's tokens are unsigned, so firebase-admin verifies this one like its own.
 */
export function craftedIdToken(account: { uid: string; email: string }, authTime: Date): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId()}`,
    aud: projectId(),
    auth_time: Math.floor(authTime.getTime() / 1000),
    user_id: account.uid,
    sub: account.uid,
    iat: now,
    exp: now + 3600,
    email: account.email,
    email_verified: false,
    firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * Moves the account's tokensValidAfterTime (validSince) back to `date`, so that the revocation check
 * accepts tokens of sign-ins since then and only the sign-in's age decides.
 */
export function moveValidSinceBack(uid: string, date: Date) {
  return admin('update', { localId: uid, validSince: String(Math.floor(date.getTime() / 1000)) });
}

/** Changes the display name and photo address, as the SDK's updateProfile does. */
export async function updateProfile(idToken: string, profile: { displayName?: string; photoUrl?: string }) {
  await call('update', { idToken, ...profile });
}

/** Links another sign-in provider to the account (the emulator's stand-in IdP takes any provider id). */
export async function linkProvider(idToken: string, providerId: string, email: string) {
  const claims = JSON.stringify({ sub: `${providerId}-${email}`, email, email_verified: true });
  await call('signInWithIdp', {
    idToken,
    postBody: `id_token=${encodeURIComponent(claims)}&providerId=${providerId}`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
  });
}
