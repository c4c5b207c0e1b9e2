// The identity provider accepts connections and never answers (a production instance whose provider is the
// tests' Auth emulator behind tests/support/silent-provider): a dashboard page whose provider check is due
// answers the translated 503 page, and the sign-in form says in the visitor's language that the service is
// unavailable, each within the deadline, instead of hanging for a minute.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.cjs';
import { instances, type Server } from '../instances/instances';
import { signUp, uniqueEmail } from '../integration/emulator';
import { signInTo } from '../support/sign-in';
import { page } from '../support/pages';
import { sql } from '../support/pg';
import { startSilentProvider, within } from '../support/silent-provider';
import { IDENTITY_DEADLINE_MS } from '@/lib/firebase/deadline.mjs';
import de from '@/messages/de.json';

jest.setTimeout(180_000);

// Generous, so that a request that hangs fails the test instead of stalling it; no timing is asserted.
const BOUND_MS = 3 * IDENTITY_DEADLINE_MS;

const servers = instances();
let provider: Awaited<ReturnType<typeof startSilentProvider>>;
let app: Server;
let browser: Browser | null = null;

beforeAll(async () => {
  provider = await startSilentProvider(process.env.FIREBASE_AUTH_EMULATOR_HOST!);
  app = await servers.start('app', { env: { FIREBASE_AUTH_EMULATOR_HOST: provider.host } });
});

afterEach(() => provider.release());

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
  await provider?.stop();
});

it('answers a dashboard page whose provider check is due with the translated 503 page', async () => {
  const me = await signInTo(app.origin, 'deadline-page');
  // The session last asked the provider two minutes ago: this page asks again.
  await sql(`update sessions set checked_at = now() - interval '2 minutes' where uid = $1`, [me.uid]);
  provider.silence();

  const answer = await within(BOUND_MS, page(app.origin, '/de/dashboard', { cookie: me.cookie }));
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('10');
  expect(answer.body).toContain(de.Errors.unavailable.title);
});

it('shows the translated message on the sign-in form and stays usable', async () => {
  const email = uniqueEmail('deadline-form');
  await signUp(email);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const tab = await browser.newPage({ locale: 'de-DE' });
  await tab.goto(`${app.origin}/de/login`);
  await tab.locator('html[data-hydrated="true"]').waitFor();
  // The browser still reaches the provider; the server's own calls get no answer.
  provider.silence();

  const form = tab.getByRole('form', { name: de.Auth.login.title });
  await form.getByLabel(de.Auth.fields.email).fill(email);
  await form.getByLabel(de.Auth.fields.password, { exact: true }).fill('secret-123');
  await form.getByRole('button', { name: de.Auth.login.submit }).click();
  await form.getByText(de.Api.errors.unavailable).waitFor({ timeout: BOUND_MS });
  expect(tab.url()).toBe(`${app.origin}/de/login`);
  expect(await form.getByRole('button', { name: de.Auth.login.submit }).isEnabled()).toBe(true);
});
