/**
 * The longest password the forms accept for a new password, in characters: every Unicode character
 * counts once (an emoji too), and none is refused. The provider's policy may ask for less.
 */
export const MAX_PASSWORD_LENGTH = 128;

/** The length of a password in characters (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** Refuses a new password over the maximum with the client code `auth/password-too-long`. */
export function assertPasswordLength(password: string): void {
  if (passwordLength(password) > MAX_PASSWORD_LENGTH)
    throw Object.assign(new Error('password too long'), { code: 'auth/password-too-long' });
}
