// Connections to the database cut while a request's transaction is open (a production instance behind
// a forwarder): the request answers the translated 503, nothing of the transaction is kept, the process
// never sees an uncaught exception (every pooled and dedicated client listens for its errors), and the
// next request works without a restart.
import { instanceBehindForwarder } from './behind-forwarder';
import { signInTo } from '../support/sign-in';
import { until } from '../support/sse';
import de from '@/messages/de.json';

jest.setTimeout(120_000);

const setup = instanceBehindForwarder('connection cut');

/** Transactions of the app that are open on the server, between two of their statements. */
async function openTransactions() {
  const [{ n }] = await setup.database.sql<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'chatwidget-shop' and state = 'idle in transaction'`,
    [setup.database.name],
  );
  return n;
}

it('answers the translated 503 when the connection is cut mid-transaction, keeps nothing of it, raises no uncaught exception and recovers', async () => {
  const me = await signInTo(setup.app.origin, 'connection-cut');
  const post = (subject: string) =>
    fetch(`${setup.app.origin}/api/tickets`, {
      method: 'POST',
      headers: {
        origin: setup.app.origin,
        cookie: me.cookie,
        'accept-language': 'de',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        subject,
        category: 'technical',
        message: 'The connection went away in the middle of this.',
      }),
    });
  const ticketsOfMe = async () =>
    (await setup.database.sql<{ n: number }>('select count(*)::int as n from tickets where uid = $1', [me.uid]))[0].n;

  // Every answer a second late, so that the ticket's transaction is still open when the cut comes.
  setup.forwarder.slow(1_000);
  const answering = post('Cut off');
  await until(openTransactions, 1, 20_000);
  setup.forwarder.kill();
  const answer = await answering;
  setup.forwarder.slow(0);

  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('10');
  expect((await answer.json()).error).toEqual({ code: 'unavailable', message: de.Api.errors.unavailable });
  expect(await ticketsOfMe()).toBe(0);
  expect(setup.app.output()).not.toContain('uncaughtException');
  expect(setup.app.output()).toContain('database: connection failed: Connection terminated unexpectedly');

  await until(async () => (await post('After the cut')).status, 201, 20_000);
  expect(await ticketsOfMe()).toBe(1);
  expect(setup.app.output()).not.toContain('uncaughtException');
});
