/** @jest-environment jsdom */
// jsdom itself: its FormData reads a form element (jest-fixed-jsdom swaps in Node's, which cannot).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { getIdTokenResult, sendPasswordResetEmail, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { LoginForm } from '@/components/auth/login-form';
import { firebaseAuth } from '@/lib/firebase/client';
import type { AuthErrorMessages } from '@/lib/client/auth-error';
import en from '@/messages/en.json';

// The login page's "Forgot your password?" (issue 15, point 8): what the provider answers is mocked.
jest.mock('firebase/auth', () => ({
  GoogleAuthProvider: jest.fn(),
  signInWithEmailAndPassword: jest.fn(),
  signInWithPopup: jest.fn(),
  signInWithCredential: jest.fn(),
  getIdTokenResult: jest.fn(),
  signOut: jest.fn(),
  sendPasswordResetEmail: jest.fn(),
}));
jest.mock('@/lib/firebase/client', () => ({ firebaseAuth: jest.fn() }));

const CONFIG = {
  apiKey: 'test-key',
  authDomain: 'test.firebaseapp.com',
  projectId: 'test',
  emulatorUrl: null,
  google: true,
};
const { login: LOGIN, forgot: FORGOT, fields: FIELDS } = en.Auth;
const ERRORS = {
  wrongPassword: 'Wrong password.',
  tooManyRequests: 'Too many attempts.',
} as unknown as AuthErrorMessages;

beforeEach(() => {
  jest.clearAllMocks();
  jest
    .mocked(firebaseAuth)
    .mockReturnValue({ currentUser: null, authStateReady: jest.fn().mockResolvedValue(undefined) } as unknown as Auth);
  jest.mocked(getIdTokenResult).mockResolvedValue({} as never);
  render(<LoginForm config={CONFIG} locale="en" home="/dashboard" labels={en.Auth} errors={ERRORS} />);
});

async function requestReset(email: string) {
  const form = screen.getByRole('form', { name: FORGOT.toggle });
  fireEvent.change(within(form).getByRole('textbox', { name: FIELDS.email }), { target: { value: email } });
  await act(async () => void fireEvent.click(within(form).getByRole('button', { name: FORGOT.submit })));
}

describe('LoginForm and the reset of a forgotten password', () => {
  it('answers an unknown address as a known one, so the form tells nobody who has an account', async () => {
    jest.mocked(sendPasswordResetEmail).mockResolvedValueOnce(undefined);
    await requestReset('known@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(FORGOT.sent);
    jest
      .mocked(sendPasswordResetEmail)
      .mockRejectedValueOnce(Object.assign(new Error('not found'), { code: 'auth/user-not-found' }));
    await requestReset('unknown@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(FORGOT.sent);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the last answer away and sends once while a request is on its way', async () => {
    jest.mocked(sendPasswordResetEmail).mockResolvedValueOnce(undefined);
    await requestReset('first@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(FORGOT.sent);
    let answer = () => {};
    jest.mocked(sendPasswordResetEmail).mockReturnValueOnce(new Promise<void>((resolve) => (answer = resolve)));
    await requestReset('second@example.com');
    // The first address's answer is not this one's: nothing is said until the provider answers.
    expect(screen.queryByRole('status')).toBeNull();
    const submit = screen.getByRole('button', { name: FORGOT.submit });
    expect(submit).toBeDisabled();
    await act(async () => void fireEvent.submit(submit.closest('form')!));
    expect(sendPasswordResetEmail).toHaveBeenCalledTimes(2);
    await act(async () => answer());
    expect(screen.getByRole('status')).toHaveTextContent(FORGOT.sent);
    expect(submit).toBeEnabled();
  });

  it('still says what went wrong when the request itself failed', async () => {
    jest
      .mocked(sendPasswordResetEmail)
      .mockRejectedValueOnce(Object.assign(new Error('slow down'), { code: 'auth/too-many-requests' }));
    await requestReset('known@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('takes the sign-in’s error away when the reset form opens', async () => {
    jest
      .mocked(signInWithEmailAndPassword)
      .mockRejectedValueOnce(Object.assign(new Error('wrong'), { code: 'auth/wrong-password' }));
    const login = screen.getByRole('form', { name: LOGIN.title });
    await act(async () => void fireEvent.click(within(login).getByRole('button', { name: LOGIN.submit })));
    expect(await within(login).findByRole('alert')).toHaveTextContent('Wrong password.');
    const details = screen.getByText(FORGOT.toggle).closest('details')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(within(login).queryByRole('alert')).toBeNull();
  });
});
