/** @jest-environment node */
// The identity provider's deadline at the level of its exchanges (lib/firebase/deadline.mjs): a provider that
// accepts connections and never answers, over http (the emulator) and https (Google's API, keys and tokens),
// has its socket closed at the deadline, while a provider that answers in time keeps its keep-alive connection.
import { createServer as createHttpServer, request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { DEADLINE_CODE, deadlineAgent, withinDeadline } from '@/lib/firebase/deadline.mjs';
import { within } from '../support/silent-provider';
import { until } from '../support/sse';

const DEADLINE_MS = 300;
const BOUND_MS = 10 * DEADLINE_MS;
const servers: Server[] = [];

afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** Accepts connections and never answers; counts those still open. */
async function silentListener() {
  const open = new Set<Socket>();
  const port = await listen(
    createServer((socket) => {
      open.add(socket);
      // Reads what comes (so it sees the client hang up), answers nothing.
      socket.resume();
      socket.on('close', () => open.delete(socket));
    }),
  );
  return { port, open };
}

function exchange(request: typeof httpRequest, agent: Agent, port: number): Promise<{ body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    // The https listener never completes a handshake: no certificate is ever checked.
    const options = { host: '127.0.0.1', port, path: '/', agent, rejectUnauthorized: false };
    const req = request(options, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ body, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

it.each([
  ['http:', httpRequest],
  ['https:', httpsRequest],
] as const)('closes an %s exchange that gets no answer at the deadline', async (protocol, request) => {
  const listener = await silentListener();
  const failure = exchange(request, deadlineAgent(protocol, DEADLINE_MS), listener.port);
  await expect(within(BOUND_MS, failure)).rejects.toMatchObject({ code: DEADLINE_CODE });
  // The listener sees the connection closed.
  await until(() => listener.open.size, 0, BOUND_MS);
});

it('keeps a kept-alive connection for exchanges that each answer within the deadline', async () => {
  // Each answer takes most of the deadline; together they take several.
  const port = await listen(
    createHttpServer((_req, res) => setTimeout(() => res.end('answer'), DEADLINE_MS / 2)) as unknown as Server,
  );
  const agent = deadlineAgent('http:', DEADLINE_MS);
  const answers = [];
  for (let i = 0; i < 4; i++) {
    answers.push(await exchange(httpRequest, agent, port));
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 2));
  }
  expect(answers).toEqual([
    { body: 'answer', reused: false },
    { body: 'answer', reused: true },
    { body: 'answer', reused: true },
    { body: 'answer', reused: true },
  ]);
  agent.destroy();
});

it('closes a kept-alive connection whose next exchange gets no answer at the deadline', async () => {
  let requests = 0;
  const port = await listen(
    createHttpServer((_req, res) => {
      if (++requests === 1) res.end('answer');
    }) as unknown as Server,
  );
  const agent = deadlineAgent('http:', DEADLINE_MS);
  expect(await exchange(httpRequest, agent, port)).toEqual({ body: 'answer', reused: false });
  await expect(within(BOUND_MS, exchange(httpRequest, agent, port))).rejects.toMatchObject({ code: DEADLINE_CODE });
  expect(requests).toBe(2);
});

it('fails a call of several exchanges at the deadline as a whole', async () => {
  const never = new Promise(() => {});
  await expect(within(BOUND_MS, withinDeadline(never, DEADLINE_MS))).rejects.toMatchObject({ code: DEADLINE_CODE });
  await expect(withinDeadline(Promise.resolve('answer'), DEADLINE_MS)).resolves.toBe('answer');
});
