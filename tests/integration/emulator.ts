/** Calls the Auth emulator's REST API the way the Firebase JS SDK does (any API key works there). */
const base = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;

export async function signUp(email: string, password = 'secret-123'): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${base()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
