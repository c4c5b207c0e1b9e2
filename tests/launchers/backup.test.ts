/** @jest-environment node */
// npm run db:backup against a running npm start on a PGlite folder while a signed-in customer keeps opening
// tickets: restored into a fresh folder, the copy opens and holds every ticket acknowledged before the backup
// began, each with its first message. Runs against the production build (scripts/test.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startNext, type StartedServer } from '../../bench/lib/servers.mjs';
import { signInTo } from '../support/sign-in';
import { backupWhileWriting, databaseCommand, expectWholeCopy, ticketsIn } from '../support/database-command';

jest.setTimeout(300_000);

const scratch = mkdtempSync(join(tmpdir(), 'npm-start-backup-'));
let app: StartedServer | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

it('backs up the database of a running npm start while tickets are written through it', async () => {
  const folder = join(scratch, 'pglite');
  app = await startNext({
    label: 'npm start (PGlite folder)',
    dir: root,
    readyPath: '/api/health',
    viaStartScript: true,
    env: {
      // The embedded database even when this test run has a PostgreSQL server (TEST_DATABASE_URL).
      DATABASE_URL: '',
      PGLITE_DATA_DIR: folder,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      SESSION_SECRET: process.env.SESSION_SECRET!,
    },
  });
  const { origin } = app;
  const { cookie } = await signInTo(origin, 'backup');
  const file = join(scratch, 'backup.tar.gz');
  const { backup, acknowledged, started, ended } = await backupWhileWriting(folder, file, async (n) => {
    const response = await fetch(`${origin}/api/tickets`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: `Backup ${n}`, category: 'technical', message: `Written as number ${n}.` }),
    });
    expect(response.status).toBe(201);
    return (await response.json()).ticket.id;
  });
  expect(backup).toMatchObject({ code: 0, stderr: '' });
  expect(backup.stdout).toContain(`Backed up ${folder} from the running server to ${file}`);
  expect(acknowledged.some(({ at }) => at > started && at < ended)).toBe(true);

  // Restored while the app still runs on its own folder: the fresh one is nobody's.
  const restored = join(scratch, 'restored');
  const restore = await databaseCommand(['restore', file], restored);
  expect(restore).toMatchObject({ code: 0, stderr: '' });
  expectWholeCopy(await ticketsIn(restored), acknowledged, started);

  // The running app's folder is not restored over; the server keeps serving.
  const refused = await databaseCommand(['restore', file], folder);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/is in use by process \d+\. Stop the app first/);
  expect((await fetch(`${origin}/api/tickets`, { headers: { cookie } })).status).toBe(200);
});
