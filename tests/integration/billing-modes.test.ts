// The test clock and the local subscription checkout exist in local mode only: with a Stripe key or a real
// Firebase project the clock answers 404, and a subscription checkout goes to Stripe (503 until it is wired).
import type { NextRequest } from 'next/server';
import { REAL_PROJECT } from '../support/real-project';

const STRIPE_KEY = `sk_test_${'m'.repeat(24)}`;
type Handler = (request: NextRequest, context?: unknown) => Promise<Response>;
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** The test clock's and the checkout's handlers, and the request helper, loaded with `settings` in the env. */
async function loadWith(settings: Record<string, string>, without: string[] = []) {
  let loaded: ({ advance: Handler; checkout: Handler } & typeof import('./signed-in')) | undefined;
  await jest.isolateModulesAsync(async () => {
    Object.assign(process.env, settings);
    for (const name of without) delete process.env[name];
    const [{ POST: advance }, { POST: checkout }, helpers] = await Promise.all([
      import('@/app/api/test-clock/advance/route'),
      import('@/app/api/workspaces/[wid]/billing/checkout/route'),
      import('./signed-in'),
    ]);
    loaded = { ...helpers, advance: advance as Handler, checkout: checkout as Handler };
  });
  return loaded!;
}

it('has no test clock with a Stripe key', async () => {
  const { advance, apiRequest } = await loadWith({ STRIPE_SECRET_KEY: STRIPE_KEY });
  const answer = await advance(apiRequest('POST', '/api/test-clock/advance', null, { days: 30 }));
  expect(answer.status).toBe(404);
  expect((await answer.json()).error.code).toBe('notFound');
});

it('has no test clock with a real Firebase project, even without a Stripe key', async () => {
  const { advance, apiRequest } = await loadWith(REAL_PROJECT, ['FIREBASE_AUTH_EMULATOR_HOST', 'STRIPE_SECRET_KEY']);
  const answer = await advance(apiRequest('POST', '/api/test-clock/advance', null, { days: 30 }));
  expect(answer.status).toBe(404);
});

it('sends a subscription checkout to Stripe with a key: 503 until the Stripe checkout is wired', async () => {
  const { checkout, apiRequest, signedIn } = await loadWith({ STRIPE_SECRET_KEY: STRIPE_KEY });
  const owner = await signedIn('stripe-mode');
  const wid = owner.workspaceId;
  const answer = await checkout(
    apiRequest('POST', `/api/workspaces/${wid}/billing/checkout`, owner, { plan: 'starter', interval: 'month' }),
    { params: Promise.resolve({ wid }) },
  );
  expect(answer.status).toBe(503);
  expect((await answer.json()).error.code).toBe('paymentUnavailable');
});
