import { act, render, screen } from '@testing-library/react';
import { getIdTokenResult, signOut, type Auth, type IdTokenResult, type User } from 'firebase/auth';
import { LoginForm } from '@/components/auth/login-form';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import type { AuthErrorMessages } from '@/lib/client/auth-error';
import en from '@/messages/en.json';

// What the login page asks of Firebase when it opens: the restored user, its token's sign-in time, and
// the sign-out of a user whose sign-in is too old.
jest.mock('firebase/auth', () => ({
  GoogleAuthProvider: jest.fn(),
  signInWithEmailAndPassword: jest.fn(),
  signInWithPopup: jest.fn(),
  getIdTokenResult: jest.fn(),
  signOut: jest.fn(),
}));
jest.mock('@/lib/firebase/client', () => ({ firebaseAuth: jest.fn() }));

const CONFIG: ClientFirebaseConfig = {
  apiKey: 'test-key',
  authDomain: 'test.firebaseapp.com',
  projectId: 'test',
  emulatorUrl: null,
  google: true,
};
const HOUR = 60 * 60 * 1000;

let auth: { currentUser: User | null; authStateReady: jest.Mock };

function signedInAgo(ms: number) {
  jest
    .mocked(getIdTokenResult)
    .mockResolvedValue({ authTime: new Date(Date.now() - ms).toUTCString() } as IdTokenResult);
}

async function renderForm() {
  render(<LoginForm config={CONFIG} locale="en" home="/dashboard" labels={en.Auth} errors={{} as AuthErrorMessages} />);
  // The check runs after the first render: let its promises settle.
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  auth = { currentUser: { uid: 'user-1' } as User, authStateReady: jest.fn().mockResolvedValue(undefined) };
  jest.mocked(firebaseAuth).mockReturnValue(auth as unknown as Auth);
  jest.mocked(signOut).mockResolvedValue(undefined);
});

describe('LoginForm and a sign-in left from before', () => {
  it('signs out a Firebase user whose sign-in is over 24 hours old and says why, asking for the password', async () => {
    signedInAgo(25 * HOUR);
    await renderForm();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledWith(auth);
    expect(screen.getByRole('status')).toHaveTextContent(en.Auth.login.expired);
    expect(screen.getByLabelText(en.Auth.fields.password)).toBeInTheDocument();
  });

  it('leaves a sign-in of today alone, saying nothing', async () => {
    signedInAgo(2 * HOUR);
    await renderForm();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does nothing without a Firebase user, or when the token cannot be read (offline)', async () => {
    auth.currentUser = null;
    await renderForm();
    expect(getIdTokenResult).not.toHaveBeenCalled();

    auth.currentUser = { uid: 'user-1' } as User;
    jest
      .mocked(getIdTokenResult)
      .mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    await renderForm();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a sign-in made on the page while the old one was being checked', async () => {
    let resolve!: (result: IdTokenResult) => void;
    jest.mocked(getIdTokenResult).mockReturnValue(new Promise((done) => (resolve = done)));
    await renderForm();
    auth.currentUser = { uid: 'user-1' } as User;
    await act(async () => resolve({ authTime: new Date(Date.now() - 25 * HOUR).toUTCString() } as IdTokenResult));
    expect(signOut).not.toHaveBeenCalled();
  });
});
