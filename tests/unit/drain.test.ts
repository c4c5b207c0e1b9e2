/** @jest-environment node */
// npm start's server drains on SIGTERM (server/drain.mjs), here around a bare Node server in a process of
// its own: requests in flight are answered, nothing new is accepted, the app closes after the last
// request, and neither a request still running at the bound nor one that never ends keeps the process alive.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request, Agent, type IncomingMessage } from 'node:http';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

jest.setTimeout(30_000);

const drainModule = pathToFileURL(join(__dirname, '..', '..', 'server', 'drain.mjs')).href;

// `/held` is answered when the test writes a line to the process's stdin; anything else at once.
const fixture = `
  import { createServer } from 'node:http';
  import { createInterface } from 'node:readline';
  import { drainOnSignals } from ${JSON.stringify(drainModule)};
  const held = [];
  createInterface({ input: process.stdin }).on('line', () => held.splice(0).forEach((res) => res.end('released')));
  const server = createServer((req, res) => {
    if (req.url !== '/held') return res.end('ok');
    held.push(res);
    console.log('holding ' + held.length);
  });
  const app = {
    timeoutMs: Number(process.env.BOUND_MS),
    endStreams: () => 0,
    close: async () => console.log('app closed'),
  };
  drainOnSignals(server, { app: () => app });
  server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

type Fixture = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function start(boundMs: number): Promise<Fixture> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', fixture], {
    env: { ...process.env, BOUND_MS: String(boundMs) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  await until(() => /port \d+/.test(output));
  return { child, port: Number(/port (\d+)/.exec(output)![1]), output: () => output, exited };
}

/** Waits for `condition`; fails after `timeoutMs` (a test that goes wrong then says so instead of hanging). */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function get(port: number, path: string, agent?: Agent) {
  return new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ response, body }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let running: ChildProcess | null = null;
afterEach(() => {
  if (running?.exitCode === null) running.kill('SIGKILL');
});

it('answers the requests in flight with Connection: close, refuses new connections, closes idle ones, then the app, and exits 0', async () => {
  const server = await start(60_000);
  running = server.child;
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(server.port, '/quick', keptAlive)).body).toBe('ok');
  const [idle] = Object.values(keptAlive.freeSockets).flat();
  const idleClosed = once(idle!, 'close');
  const inFlight = get(server.port, '/held');
  await until(() => server.output().includes('holding 1'));

  server.child.kill('SIGTERM');
  await until(() => server.output().includes('draining'));
  await idleClosed;
  await expect(get(server.port, '/late')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(server.output()).not.toContain('app closed');

  server.child.stdin!.write('release\n');
  const { response, body } = await inFlight;
  expect(response.statusCode).toBe(200);
  expect(body).toBe('released');
  expect(response.headers.connection).toBe('close');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('app closed');
  keptAlive.destroy();
});

it('cuts a request still running at the bound instead of staying alive for it: exit 1', async () => {
  const server = await start(500);
  running = server.child;
  const inFlight = get(server.port, '/held').catch((error: NodeJS.ErrnoException) => error);
  await until(() => server.output().includes('holding 1'));
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(1);
  expect(await inFlight).toMatchObject({ code: 'ECONNRESET' });
  expect(server.output()).toContain('stopping now: 1 requests still running after 0.5 s');
  expect(server.output()).not.toContain('app closed');
});

it('takes copies of one signal as one, and a second signal later as the order to stop at once', async () => {
  const server = await start(60_000);
  running = server.child;
  const first = get(server.port, '/held');
  await until(() => server.output().includes('holding 1'));
  // The terminal signals the whole process group and the start script forwards the signal too.
  server.child.kill('SIGINT');
  server.child.kill('SIGTERM');
  await until(() => server.output().includes('draining'));
  server.child.stdin!.write('release\n');
  expect((await first).body).toBe('released');
  expect(await server.exited).toBe(0);

  const again = await start(60_000);
  running = again.child;
  const stuck = get(again.port, '/held').catch((error: NodeJS.ErrnoException) => error);
  await until(() => again.output().includes('holding 1'));
  again.child.kill('SIGTERM');
  await until(() => again.output().includes('draining'));
  // Copies of one signal arrive within milliseconds; a second press of Ctrl-C comes later.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  again.child.kill('SIGINT');
  expect(await again.exited).toBe(1);
  expect(await stuck).toMatchObject({ code: 'ECONNRESET' });
  expect(again.output()).toContain('stopping now: SIGINT again');
});
