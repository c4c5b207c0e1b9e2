/** @jest-environment jsdom */
// jsdom itself: its FormData reads a form element (jest-fixed-jsdom swaps in Node's, which cannot).
import type { ComponentProps } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  validatePassword,
  type Auth,
  type UserCredential,
} from 'firebase/auth';
import { SignupForm } from '@/components/auth/signup-form';
import { firebaseAuth } from '@/lib/firebase/client';
import { startServerSession } from '@/lib/client/session';
import en from '@/messages/en.json';

// The provider's side of signing up; its password policy cannot be read here (the defaults apply).
jest.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: jest.fn(),
  sendEmailVerification: jest.fn(),
  validatePassword: jest.fn(),
}));
jest.mock('@/lib/firebase/client', () => ({ firebaseAuth: jest.fn() }));
jest.mock('@/lib/client/session', () => ({ startServerSession: jest.fn() }));

const { fields: FIELDS, signup: SIGNUP } = en.Auth;

function renderForm(invitation: Pick<ComponentProps<typeof SignupForm>, 'email' | 'continueUrl'> = {}) {
  render(
    <SignupForm
      config={{ apiKey: 'k', authDomain: 'd', projectId: 'p', emulatorUrl: null, google: true }}
      locale="en"
      next="#verify"
      {...invitation}
      labels={en.Auth}
      errors={en.Auth.errors}
    />,
  );
}

async function submit() {
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: SIGNUP.submit })));
}

async function signUpWith(password: string) {
  renderForm();
  fireEvent.change(screen.getByLabelText(FIELDS.email), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(FIELDS.password), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(FIELDS.confirm), { target: { value: password } });
  await submit();
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(firebaseAuth).mockReturnValue({} as Auth);
  jest.mocked(validatePassword).mockRejectedValue(new Error('policy unavailable'));
  jest.mocked(createUserWithEmailAndPassword).mockResolvedValue({ user: { uid: 'new' } } as UserCredential);
  jest.mocked(sendEmailVerification).mockResolvedValue(undefined);
  jest.mocked(startServerSession).mockResolvedValue({});
});

describe('SignupForm and the password’s length', () => {
  it('refuses a password of 129 characters with the translated maximum, creating nothing', async () => {
    await signUpWith('x'.repeat(129));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Auth.errors.passwordTooLong);
    expect(screen.getByText('at most 128 characters').closest('li')).toHaveAttribute('data-met', 'false');
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('creates the account with a password of 128 characters of any kind, exactly as typed', async () => {
    // A leading space, umlauts, CJK and emoji (two UTF-16 units each): 128 characters.
    const password = [...' Pässwort 漢字 🔐'.repeat(10)].slice(0, 128).join('');
    await signUpWith(password);
    await waitFor(() => expect(startServerSession).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(createUserWithEmailAndPassword).toHaveBeenCalledWith({}, 'ada@example.com', password);
  });
});

describe('SignupForm and its required fields', () => {
  it('marks every empty field at once, each with its message, and focuses the first', async () => {
    renderForm();
    await submit();
    for (const [label, message] of [
      [FIELDS.email, SIGNUP.missing.email],
      [FIELDS.password, SIGNUP.missing.password],
      [FIELDS.confirm, SIGNUP.missing.confirm],
    ]) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText(FIELDS.email)).toHaveFocus();
    // Not a form error on top of the fields' own.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('names a malformed address and different passwords at their fields, and clears a field once edited', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(FIELDS.email), { target: { value: 'ada@' } });
    fireEvent.change(screen.getByLabelText(FIELDS.password), { target: { value: 'secret-123' } });
    fireEvent.change(screen.getByLabelText(FIELDS.confirm), { target: { value: 'secret-124' } });
    await submit();
    expect(screen.getByLabelText(FIELDS.email)).toHaveAccessibleDescription(SIGNUP.invalidEmail);
    expect(screen.getByLabelText(FIELDS.password)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(FIELDS.confirm)).toHaveAccessibleDescription(SIGNUP.mismatch);
    expect(screen.getByLabelText(FIELDS.email)).toHaveFocus();

    fireEvent.change(screen.getByLabelText(FIELDS.email), { target: { value: 'ada@example.com' } });
    expect(screen.getByLabelText(FIELDS.email)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(FIELDS.confirm)).toHaveAttribute('aria-invalid', 'true');
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });
});

// Issue 36, point 2: a sign-up from an invitation starts with its address and its verification mail leads back.
describe('SignupForm from an invitation', () => {
  const continueUrl = 'http://localhost/de/invitations/abc';

  it('starts with the invited address, still editable, and has the mail lead back to the invitation', async () => {
    renderForm({ email: 'ada@example.com', continueUrl });
    const email = screen.getByLabelText(FIELDS.email);
    expect(email).toHaveValue('ada@example.com');
    fireEvent.change(email, { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText(FIELDS.password), { target: { value: 'secret-123' } });
    fireEvent.change(screen.getByLabelText(FIELDS.confirm), { target: { value: 'secret-123' } });
    await submit();
    await waitFor(() => expect(startServerSession).toHaveBeenCalled());
    expect(createUserWithEmailAndPassword).toHaveBeenCalledWith({}, 'bob@example.com', 'secret-123');
    expect(sendEmailVerification).toHaveBeenCalledWith({ uid: 'new' }, { url: continueUrl });
  });

  it('without one, sends the mail with no way on (to the dashboard)', async () => {
    await signUpWith('secret-123');
    await waitFor(() => expect(startServerSession).toHaveBeenCalled());
    expect(sendEmailVerification).toHaveBeenCalledWith({ uid: 'new' }, null);
  });
});
