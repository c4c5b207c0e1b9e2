// A client that hangs up while its mutation is being answered: Node then fails the unread request body
// with ECONNRESET ("aborted"). That is the client's doing, not the database's. Told as "database
// unavailable", it marked the database down, and every dashboard page answered 503 for the next seconds:
// anyone could keep the dashboard down by hanging up. Nothing is marked down, nothing is written, and
// nothing is logged (a line anyone can cause at will).
import net from 'node:net';
import { once } from 'node:events';
import { instanceBehindForwarder } from './behind-forwarder';
import { signInTo } from '../support/sign-in';

jest.setTimeout(120_000);

const setup = instanceBehindForwarder('client gone');

it('leaves the database up, writes nothing and logs nothing when a client hangs up mid-request', async () => {
  const me = await signInTo(setup.app.origin, 'client-gone');
  const { host, port } = new URL(setup.app.origin);
  const body = JSON.stringify({ subject: 'Hung up', category: 'technical', message: 'The client left before this.' });
  const logBefore = setup.app.output().length;

  // Every answer of the database a second late: the request is still checking its session when the
  // client leaves, and reads its body after that.
  setup.forwarder.slow(1_000);
  for (let i = 0; i < 3; i++) {
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      [
        'POST /api/tickets HTTP/1.1',
        `Host: ${host}`,
        `Origin: ${setup.app.origin}`,
        `Cookie: ${me.cookie}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
  }
  // The requests finish their session check after the client left, and fail reading the body.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  setup.forwarder.slow(0);

  const dashboard = await fetch(`${setup.app.origin}/dashboard/tickets`, {
    headers: { cookie: me.cookie },
    redirect: 'manual',
  });
  expect(dashboard.status).toBe(200);
  const [{ n }] = await setup.database.sql<{ n: number }>('select count(*)::int as n from tickets where uid = $1', [
    me.uid,
  ]);
  expect(n).toBe(0);
  const log = setup.app.output().slice(logBefore);
  expect(log).not.toContain('database unavailable');
  expect(log).not.toContain('aborted');
  expect(log).not.toMatch(/\n\s+at /);
});
