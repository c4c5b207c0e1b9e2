// Production instances of the app (`npm start`'s script, the build of this checkout) for a test file:
// each talks to the test run's Auth emulator (global setup) and to the PostgreSQL it is given.
import { signUp } from '../integration/emulator';

export type Server = {
  origin: string;
  /** The process group's leader (the start script): `process.kill(-pid, 'SIGKILL')` ends the instance at once. */
  pid: number;
  exited: Promise<unknown>;
  stop: () => Promise<void>;
  /** Everything the instance printed so far. */
  output: () => string;
};

type StartNext = (options: {
  label: string;
  dir: string;
  readyPath: string;
  viaStartScript: boolean;
  port?: number;
  env: Record<string, string>;
}) => Promise<Server>;

type Options = {
  /** Default: TEST_DATABASE_URL. */
  databaseUrl?: string;
  /** A restarted instance comes back where its clients reconnect. */
  port?: number;
  /** More environment (e.g. an Auth emulator of the test's own). */
  env?: Record<string, string>;
  /** What answers 200 once it is up. Default: the health check, which needs the database. */
  readyPath?: string;
};

export function instances() {
  const servers: Server[] = [];
  return {
    async start(
      label: string,
      { databaseUrl = process.env.TEST_DATABASE_URL!, port, env = {}, readyPath = '/api/health' }: Options = {},
    ): Promise<Server> {
      const { startNext, root } = (await import('../../bench/lib/servers.mjs')) as {
        startNext: StartNext;
        root: string;
      };
      const server = await startNext({
        label,
        dir: root,
        readyPath,
        viaStartScript: true,
        port,
        env: {
          DATABASE_URL: databaseUrl,
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
          SESSION_SECRET: process.env.SESSION_SECRET!,
          ...env,
        },
      });
      servers.push(server);
      return server;
    },
    get all(): readonly Server[] {
      return servers;
    },
    stopAll: () => Promise.all(servers.map((server) => server.stop())),
  };
}

/** A new account of the emulator signed in on `server`: its session cookie holds on every instance (one database). */
export async function signInAt(server: Server, email: string) {
  const account = await signUp(email);
  const response = await fetch(`${server.origin}/api/session`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { uid: account.uid, email, cookie };
}
