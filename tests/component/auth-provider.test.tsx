import { act, render, screen, waitFor } from '@testing-library/react';
import { onIdTokenChanged, reload, signOut, type Auth, type User } from 'firebase/auth';
import { AuthProvider, useAuth, type AuthState, type AuthUser } from '@/components/auth/auth-provider';
import { firebaseAuth } from '@/lib/firebase/client';
import { endServerSession, isIntendedSignOut } from '@/lib/client/session';
import { SESSION_EXPIRED } from '@/lib/auth/errors';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';

// The provider's view of Firebase: its token listener, the account check and the sign-out.
jest.mock('firebase/auth', () => ({ onIdTokenChanged: jest.fn(), reload: jest.fn(), signOut: jest.fn() }));
jest.mock('@/lib/firebase/client', () => ({ firebaseAuth: jest.fn() }));
jest.mock('@/lib/client/session', () => ({ endServerSession: jest.fn(), isIntendedSignOut: jest.fn() }));

const mockedOnIdTokenChanged = jest.mocked(onIdTokenChanged);
const mockedReload = jest.mocked(reload);
const mockedSignOut = jest.mocked(signOut);
const mockedFirebaseAuth = jest.mocked(firebaseAuth);
const mockedEndServerSession = jest.mocked(endServerSession);
const mockedIsIntendedSignOut = jest.mocked(isIntendedSignOut);

const CONFIG: ClientFirebaseConfig = {
  apiKey: 'test-key',
  authDomain: 'test.firebaseapp.com',
  projectId: 'test',
  emulatorUrl: null,
  google: true,
};

// jsdom can neither load another document nor let Location.assign be replaced (it is unforgeable), but
// it does follow a link to a fragment of the current page: the login path here is such a fragment, so
// that where the provider sends the browser shows in location.hash.
const LOGIN_PATH = '#/en/login';
const MESSAGES = {
  'auth/user-disabled': 'Your account has been disabled.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/invalid-user-token': 'Your sign-in is no longer valid. Please sign in again.',
};
const EXPIRED = 'Your sign-in has expired: for your security it lasts 24 hours. Please sign in again.';
const FORCED_SIGN_OUT = { messages: { ...MESSAGES, [SESSION_EXPIRED]: EXPIRED }, loginPath: LOGIN_PATH };
const DAY = 24 * 60 * 60 * 1000;

const SERVER_USER: AuthUser = {
  uid: 'user-1',
  email: 'ada@example.com',
  displayName: 'Ada',
  photoURL: null,
  // An hour ago: the session has 23 hours left.
  lastLoginAt: new Date(Date.now() - DAY / 24).toISOString(),
  providerData: [{ providerId: 'password' }],
};

/** A Firebase user as the SDK hands it over (provider entries carry more than their id). */
function firebaseUser(
  overrides: Partial<Pick<User, 'uid' | 'email' | 'displayName' | 'photoURL'>> & { providers?: string[] } = {},
): User {
  const { providers = ['password'], ...fields } = overrides;
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    photoURL: 'https://example.com/ada.png',
    metadata: { lastSignInTime: 'Fri, 01 Jan 2027 00:00:00 GMT' },
    providerData: providers.map((providerId) => ({
      providerId,
      uid: `${providerId}-uid`,
      email: 'ada@example.com',
      displayName: null,
      photoURL: null,
      phoneNumber: null,
    })),
    ...fields,
  } as unknown as User;
}

let auth: { currentUser: User | null };
let listener: ((user: User | null) => void) | undefined;
let unsubscribe: jest.Mock;

/** The provider's state, as a component using the hook sees it. */
function Consumer() {
  const state = useAuth();
  return <pre data-testid="auth-state">{JSON.stringify(state)}</pre>;
}

function state(): AuthState {
  return JSON.parse(screen.getByTestId('auth-state').textContent ?? 'null') as AuthState;
}

function renderProvider(initialUser: AuthUser | null = SERVER_USER) {
  return render(
    <AuthProvider config={CONFIG} locale="de" initialUser={initialUser} forcedSignOut={FORCED_SIGN_OUT}>
      <Consumer />
    </AuthProvider>,
  );
}

/** The SDK reports an auth state (a user, or null when it signed out). */
async function emit(user: User | null) {
  if (!listener) throw new Error('the provider does not listen to the ID token');
  auth.currentUser = user;
  const next = listener;
  await act(async () => {
    next(user);
    await Promise.resolve();
  });
}

async function focusWindow() {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
  });
}

function flashed(): unknown {
  const raw = window.sessionStorage.getItem('flash-toast');
  return raw === null ? null : JSON.parse(raw);
}

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/de/dashboard');
  auth = { currentUser: null };
  listener = undefined;
  unsubscribe = jest.fn();
  mockedFirebaseAuth.mockImplementation(() => auth as unknown as Auth);
  mockedOnIdTokenChanged.mockImplementation((_auth, next) => {
    listener = next as (user: User | null) => void;
    return unsubscribe;
  });
  mockedReload.mockResolvedValue(undefined);
  mockedSignOut.mockResolvedValue(undefined);
  mockedEndServerSession.mockResolvedValue(undefined);
  mockedIsIntendedSignOut.mockReturnValue(false);
});

describe('AuthProvider before the first auth state', () => {
  it('starts from the server session’s user, signed in but still loading', () => {
    renderProvider();
    expect(state()).toEqual({
      user: SERVER_USER,
      isAuthenticated: true,
      authInitialized: false,
      loading: true,
      error: null,
      isLoggedIn: true,
      isEmailBased: true,
    });
  });

  it('starts signed out without a server session', () => {
    renderProvider(null);
    expect(state()).toEqual({
      user: null,
      isAuthenticated: false,
      authInitialized: false,
      loading: true,
      error: null,
      isLoggedIn: false,
      isEmailBased: false,
    });
  });

  it('listens to the ID token of the page’s Firebase Auth, in the page’s language', () => {
    renderProvider();
    expect(mockedFirebaseAuth).toHaveBeenCalledWith(CONFIG, 'de');
    expect(mockedOnIdTokenChanged).toHaveBeenCalledTimes(1);
    expect(mockedOnIdTokenChanged.mock.calls[0][0]).toBe(auth);
    // Nothing is checked with the provider before the SDK has restored its user.
    expect(mockedReload).not.toHaveBeenCalled();
  });

  it('is not e-mail based when the first provider is not `password`', () => {
    renderProvider({ ...SERVER_USER, providerData: [{ providerId: 'google.com' }, { providerId: 'password' }] });
    expect(state()).toMatchObject({ isAuthenticated: true, isLoggedIn: true, isEmailBased: false });
  });

  it('is not e-mail based without any provider', () => {
    renderProvider({ ...SERVER_USER, providerData: [] });
    expect(state().isEmailBased).toBe(false);
  });
});

describe('AuthProvider after the first auth state', () => {
  it('takes the Firebase user, keeps the server’s last login and stops loading', async () => {
    renderProvider();
    await emit(firebaseUser({ displayName: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' }));
    expect(state()).toEqual({
      user: {
        uid: 'user-1',
        email: 'ada@example.com',
        displayName: 'Ada Lovelace',
        photoURL: 'https://example.com/ada.png',
        lastLoginAt: SERVER_USER.lastLoginAt,
        providerData: [{ providerId: 'password' }],
      },
      isAuthenticated: true,
      authInitialized: true,
      loading: false,
      error: null,
      isLoggedIn: true,
      isEmailBased: true,
    });
  });

  it('keeps only the provider ids of the provider data, in order', async () => {
    renderProvider();
    await emit(firebaseUser({ providers: ['google.com', 'password'] }));
    expect(state().user?.providerData).toEqual([{ providerId: 'google.com' }, { providerId: 'password' }]);
    expect(state().isEmailBased).toBe(false);
  });

  it('turns e-mail based when the first provider becomes `password`', async () => {
    renderProvider({ ...SERVER_USER, providerData: [{ providerId: 'google.com' }] });
    expect(state().isEmailBased).toBe(false);
    await emit(firebaseUser({ providers: ['password', 'google.com'] }));
    expect(state().isEmailBased).toBe(true);
  });

  it('signs in a page that had no server user once Firebase has one', async () => {
    renderProvider(null);
    await emit(
      firebaseUser({ uid: 'user-2', email: 'grace@example.com', displayName: 'Grace', providers: ['google.com'] }),
    );
    expect(state()).toMatchObject({
      user: {
        uid: 'user-2',
        email: 'grace@example.com',
        displayName: 'Grace',
        lastLoginAt: null,
        providerData: [{ providerId: 'google.com' }],
      },
      isAuthenticated: true,
      isLoggedIn: true,
      isEmailBased: false,
      authInitialized: true,
      loading: false,
    });
  });

  it('follows later token changes and keeps the last login', async () => {
    renderProvider();
    await emit(firebaseUser());
    await emit(firebaseUser({ displayName: 'Countess Lovelace', email: 'countess@example.com' }));
    expect(state()).toMatchObject({
      user: { displayName: 'Countess Lovelace', email: 'countess@example.com', lastLoginAt: SERVER_USER.lastLoginAt },
      authInitialized: true,
      loading: false,
      error: null,
    });
  });

  it('checks the account with the provider once, on the first auth state', async () => {
    renderProvider();
    const user = firebaseUser();
    await emit(user);
    expect(mockedReload).toHaveBeenCalledTimes(1);
    expect(mockedReload).toHaveBeenCalledWith(user);
    // The check itself can change the token; that does not start another check.
    await emit(firebaseUser());
    await emit(firebaseUser());
    expect(mockedReload).toHaveBeenCalledTimes(1);
  });

  it('checks the account again whenever the window gets the focus', async () => {
    renderProvider();
    await emit(firebaseUser());
    await focusWindow();
    await focusWindow();
    expect(mockedReload).toHaveBeenCalledTimes(3);
  });

  it('does not check without a current Firebase user', async () => {
    renderProvider();
    await focusWindow();
    expect(mockedReload).not.toHaveBeenCalled();
  });

  it.each(['auth/network-request-failed', 'auth/too-many-requests', undefined])(
    'stays signed in when the check fails with %s',
    async (code) => {
      mockedReload.mockRejectedValue(code ? firebaseError(code) : new Error('offline'));
      renderProvider();
      await emit(firebaseUser());
      await focusWindow();
      await act(async () => void (await Promise.resolve()));
      expect(state()).toMatchObject({ isAuthenticated: true, isLoggedIn: true, error: null, authInitialized: true });
      expect(mockedSignOut).not.toHaveBeenCalled();
      expect(mockedEndServerSession).not.toHaveBeenCalled();
      expect(flashed()).toBeNull();
      expect(window.location.hash).toBe('');
    },
  );

  it('stops listening when it unmounts', async () => {
    const { unmount } = renderProvider();
    await emit(firebaseUser());
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    await focusWindow();
    expect(mockedReload).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider forced sign-out', () => {
  it.each(Object.entries(MESSAGES))(
    'after %s from the provider: ends both sessions, flashes the reason and shows the login page',
    async (code, message) => {
      renderProvider();
      mockedReload.mockRejectedValueOnce(firebaseError(code));
      await emit(firebaseUser());
      await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
      expect(state().error).toBe(message);
      expect(flashed()).toEqual({ type: 'error', message });
      expect(mockedSignOut).toHaveBeenCalledTimes(1);
      expect(mockedSignOut).toHaveBeenCalledWith(auth);
      expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
    },
  );

  it('signs out when the account is found disabled on a later focus', async () => {
    renderProvider();
    await emit(firebaseUser());
    expect(mockedSignOut).not.toHaveBeenCalled();
    mockedReload.mockRejectedValueOnce(firebaseError('auth/user-disabled'));
    await focusWindow();
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(state().error).toBe(MESSAGES['auth/user-disabled']);
    expect(flashed()).toEqual({ type: 'error', message: MESSAGES['auth/user-disabled'] });
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
  });

  it('treats a Firebase user lost without an intended sign-out as an expired token', async () => {
    renderProvider();
    await emit(firebaseUser());
    await emit(null);
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(state().error).toBe(MESSAGES['auth/user-token-expired']);
    expect(flashed()).toEqual({ type: 'error', message: MESSAGES['auth/user-token-expired'] });
    expect(mockedSignOut).toHaveBeenCalledWith(auth);
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
  });

  it('ends the server session when the SDK has no user at all although the server had one', async () => {
    renderProvider();
    await emit(null);
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
    expect(flashed()).toEqual({ type: 'error', message: MESSAGES['auth/user-token-expired'] });
    // The page is left before it ever counts as initialized.
    expect(state().authInitialized).toBe(false);
  });

  it('leaves an intended sign-out alone, the state signed out', async () => {
    renderProvider();
    await emit(firebaseUser());
    mockedIsIntendedSignOut.mockReturnValue(true);
    await emit(null);
    await act(async () => void (await Promise.resolve()));
    expect(mockedIsIntendedSignOut).toHaveBeenCalled();
    expect(state()).toMatchObject({ user: null, isAuthenticated: false, isLoggedIn: false });
    expect(state().error).toBeNull();
    expect(mockedSignOut).not.toHaveBeenCalled();
    expect(mockedEndServerSession).not.toHaveBeenCalled();
    expect(flashed()).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it('goes to the login page only after both sign-outs have settled', async () => {
    let endSession!: () => void;
    mockedEndServerSession.mockReturnValue(new Promise<void>((resolve) => (endSession = resolve)));
    renderProvider();
    await emit(firebaseUser());
    await emit(null);
    // The reason is shown and kept at once; the navigation waits for the server.
    expect(state().error).toBe(MESSAGES['auth/user-token-expired']);
    expect(flashed()).toEqual({ type: 'error', message: MESSAGES['auth/user-token-expired'] });
    await act(async () => void (await Promise.resolve()));
    expect(window.location.hash).toBe('');
    await act(async () => endSession());
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
  });

  it('still goes to the login page when ending a session fails', async () => {
    mockedSignOut.mockRejectedValue(firebaseError('auth/network-request-failed'));
    mockedEndServerSession.mockRejectedValue(new Error('500 Internal Server Error'));
    renderProvider();
    await emit(null);
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
  });

  it('signs out only once however many reasons arrive', async () => {
    mockedReload.mockRejectedValue(firebaseError('auth/user-disabled'));
    renderProvider();
    await emit(firebaseUser());
    await waitFor(() => expect(state().error).toBe(MESSAGES['auth/user-disabled']));
    // The window gets the focus (another failing check), then the SDK drops its user.
    await focusWindow();
    await emit(null);
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(mockedReload).toHaveBeenCalledTimes(2);
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
    // The first reason is the one shown.
    expect(state().error).toBe(MESSAGES['auth/user-disabled']);
    expect(flashed()).toEqual({ type: 'error', message: MESSAGES['auth/user-disabled'] });
  });
});

describe('AuthProvider when the 24 hours since the sign-in are over', () => {
  const signedInAt = Date.parse(SERVER_USER.lastLoginAt!);

  afterEach(() => jest.useRealTimers());

  async function expectSignedOutForExpiry() {
    await waitFor(() => expect(window.location.hash).toBe(LOGIN_PATH));
    expect(state().error).toBe(EXPIRED);
    expect(flashed()).toEqual({ type: 'error', message: EXPIRED });
    // The Firebase user too, so that the login page asks for the password again.
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
    expect(mockedSignOut).toHaveBeenCalledWith(auth);
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
  }

  it('signs out both sessions at that moment, with the translated reason, and goes to the login page once', async () => {
    jest.useFakeTimers({ now: signedInAt + DAY - 5000 });
    renderProvider();
    await emit(firebaseUser());
    await act(async () => void jest.advanceTimersByTime(4000));
    expect(mockedSignOut).not.toHaveBeenCalled();
    await act(async () => void jest.advanceTimersByTime(1000));
    await expectSignedOutForExpiry();
    // Nothing after that starts it again: no loop of sign-outs and reloads.
    await act(async () => void jest.advanceTimersByTime(DAY));
    await focusWindow();
    await emit(null);
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
    expect(mockedEndServerSession).toHaveBeenCalledTimes(1);
  });

  it('signs out a page opened after the end', async () => {
    jest.useFakeTimers({ now: signedInAt + DAY + 1000 });
    renderProvider();
    await act(async () => void jest.advanceTimersByTime(0));
    await expectSignedOutForExpiry();
  });

  it('signs out at the first focus after the device slept through the end', async () => {
    jest.useFakeTimers({ now: signedInAt + DAY - 60_000 });
    renderProvider();
    await emit(firebaseUser());
    // The clock jumps (sleep); the timer has not run yet.
    jest.setSystemTime(signedInAt + DAY + 60_000);
    await focusWindow();
    await expectSignedOutForExpiry();
    expect(mockedReload).toHaveBeenCalledTimes(1);
  });
});

describe('useAuth', () => {
  it('needs an AuthProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Consumer />)).toThrow('useAuth needs an AuthProvider');
    } finally {
      jest.mocked(console.error).mockRestore();
    }
  });
});
