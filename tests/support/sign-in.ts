// A signed-in browser of a running instance: an account of the tests' Auth emulator and the session
// cookie the app sets for its ID token (POST /api/session, as the sign-in page does).
import { signUp, uniqueEmail } from '../integration/emulator';

export async function signInTo(origin: string, prefix: string) {
  const email = uniqueEmail(prefix);
  const account = await signUp(email);
  const response = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((value) => value.split(';')[0]);
  /** The sealed session itself (the value of `__session`). */
  const session = cookies.find((cookie) => cookie.startsWith('__session='))!.slice('__session='.length);
  return { ...account, email, cookie: cookies.join('; '), session };
}
