/** @jest-environment node */
// /mailbox shows every account's mail without a sign-in: it exists only in local mode (the page answers
// 404 when mailboxAvailable() is false).
import { REAL_PROJECT } from '../support/real-project';

async function availableWith(environment: Record<string, string>): Promise<boolean> {
  const saved = { ...process.env };
  let available = false;
  await jest.isolateModulesAsync(async () => {
    Object.assign(process.env, environment);
    available = (await import('@/lib/auth/mailbox')).mailboxAvailable();
  });
  process.env = saved;
  return available;
}

it('exists in local mode only, never with a real Firebase project, whatever the mail settings', async () => {
  expect(await availableWith({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBe(true);
  // A real project never runs beside the emulator (lib/env refuses it): the test run's own emulator is unset.
  const real = { ...REAL_PROJECT, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '' };
  expect(await availableWith(real)).toBe(false);
  expect(await availableWith({ ...real, SMTP_URL: 'smtp://mail.example.com:587' })).toBe(false);
  // Local mode whose emulator is not running (next build, a bare `next start`): no mailbox either.
  expect(await availableWith({ FIREBASE_AUTH_EMULATOR_HOST: '' })).toBe(false);
});

// A verification mail sent from an invitation's sign-up leads back to it: the mailbox's link keeps the
// emulator link's `continueUrl`, as a real project's link to /verify-email carries it (issue 36, point 2).
it('keeps the continueUrl of an emulator link, and gives none where the link has none', async () => {
  const link = (code: string, more = '') =>
    `http://127.0.0.1:9099/emulator/action?mode=verifyEmail&lang=en&oobCode=${code}&apiKey=fake-api-key${more}`;
  const continueUrl = 'http://localhost:3000/de/invitations/abc?x=1';
  const answer = {
    oobCodes: [
      { email: 'ada@example.com', requestType: 'VERIFY_EMAIL', oobCode: 'one', oobLink: link('one') },
      {
        email: 'ada@example.com',
        requestType: 'VERIFY_EMAIL',
        oobCode: 'two',
        oobLink: link('two', `&continueUrl=${encodeURIComponent(continueUrl)}`),
      },
    ],
  };
  const fetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(answer));
  try {
    const { listMailbox } = await import('@/lib/auth/mailbox');
    expect(await listMailbox()).toEqual([
      { email: 'ada@example.com', mode: 'verifyEmail', oobCode: 'two', continueUrl },
      { email: 'ada@example.com', mode: 'verifyEmail', oobCode: 'one' },
    ]);
  } finally {
    fetch.mockRestore();
  }
});
