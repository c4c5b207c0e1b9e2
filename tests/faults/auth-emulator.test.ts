// The identity service goes away while a visitor signs in: the login form says so in the visitor's
// language and stays usable; once the service is back, the same page (no reload) signs in.
import { chromium, type Browser } from 'playwright-core';
import { freePort, startAuthEmulator } from '../../scripts/auth-emulator.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.cjs';
import { instances, type Server } from '../instances/instances';
import de from '@/messages/de.json';

jest.setTimeout(180_000);

let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null = null;
const servers = instances();
let app: Server;
let browser: Browser | null = null;
let port: number;

async function account(email: string, password: string) {
  const response = await fetch(
    `http://${emulator!.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  port = await freePort();
  emulator = await startAuthEmulator({ port });
  // The app talks to this test's own emulator, which the test stops and starts again.
  app = await servers.start('app', { env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await servers.stopAll();
  await emulator?.stop();
});

it('shows the translated network error while the identity service is down, and signs in on the same page once it is back', async () => {
  const email = `outage-${Date.now()}@example.com`;
  const page = await browser!.newPage({ locale: 'de-DE' });
  const origin = app.origin;
  await page.goto(`${origin}/de/login`);
  await page.locator('html[data-hydrated="true"]').waitFor();

  await emulator!.stop();
  emulator = null;
  const form = page.getByRole('form', { name: de.Auth.login.title });
  await form.getByLabel(de.Auth.fields.email).fill(email);
  await form.getByLabel(de.Auth.fields.password, { exact: true }).fill('secret-123');
  await form.getByRole('button', { name: de.Auth.login.submit }).click();
  await page.getByText(de.Auth.errors.networkRequestFailed).first().waitFor({ timeout: 30_000 });
  expect(page.url()).toBe(`${origin}/de/login`);
  expect(await form.getByRole('button', { name: de.Auth.login.submit }).isEnabled()).toBe(true);

  // Back on the same address (a fresh emulator: the account is created again).
  emulator = await startAuthEmulator({ port });
  await account(email, 'secret-123');
  await form.getByRole('button', { name: de.Auth.login.submit }).click();
  await page.waitForURL(`${origin}/de/dashboard`, { timeout: 30_000 });
});
