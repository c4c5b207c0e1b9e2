// A lobby post whose COMMIT reached the database but whose answer never came back (the connection dropped
// right after): the client got a 503 and resends with the same request key. The message is stored and
// announced once, and the resend answers it, even for a guest whose identity cookie was in the lost answer.
import { instanceBehindForwarder } from './behind-forwarder';
import { signInTo } from '../support/sign-in';
import { sseReader, until } from '../support/sse';

jest.setTimeout(120_000);

const setup = instanceBehindForwarder('lost commit reply', { env: { CHAT_POSTS_PER_WINDOW: '100' } });

type Message = { id: number; text: string };

function post(body: Record<string, string>, cookie = '') {
  return fetch(`${setup.app.origin}/api/chat/lobby/messages`, {
    method: 'POST',
    headers: { origin: setup.app.origin, 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
}

async function stored(text: string) {
  const rows = await setup.database.sql<{ id: number }>('select id::int as id from chat_messages where body = $1', [
    text,
  ]);
  return rows.map((row) => row.id);
}

/** Posts `body` and loses the answer to its COMMIT; then resends it until the app answers. */
async function postLosingTheAnswer(body: Record<string, string>, cookie?: string) {
  setup.forwarder.loseCommitReply('insert into "chat_messages"');
  const lost = await post(body, cookie);
  expect(lost.status).toBe(503);
  expect(lost.headers.getSetCookie()).toEqual([]);
  let resent: Response | undefined;
  // Refused (503) until the app has its database again; then answered with the first message.
  await until(
    async () => {
      resent = await post(body, cookie);
      return resent.status !== 503;
    },
    true,
    20_000,
  );
  expect(resent!.status).toBe(200);
  return resent!;
}

it('stores and announces a lobby post once when the answer to its COMMIT was lost, and answers it to the resend', async () => {
  const events = await fetch(`${setup.app.origin}/api/chat/lobby/events`);
  const stream = sseReader(events.body!);
  const me = await signInTo(setup.app.origin, 'lost-commit');

  const mine = await postLosingTheAnswer({ text: 'Said once', requestKey: crypto.randomUUID() }, me.cookie);
  const { message } = (await mine.json()) as { message: Message };
  expect(message.text).toBe('Said once');
  expect(await stored('Said once')).toEqual([message.id]);

  // A guest's first post: the lost answer carried their new identity, so the resend comes without it.
  const guestPost = { text: 'A guest said once', name: 'Grace', requestKey: crypto.randomUUID() };
  const guest = await postLosingTheAnswer(guestPost);
  const { message: guestMessage } = (await guest.json()) as { message: Message };
  expect(await stored('A guest said once')).toEqual([guestMessage.id]);
  expect(guest.headers.getSetCookie().some((cookie) => cookie.startsWith('chat_guest='))).toBe(true);

  const texts = (await stream.take(2, 15_000)).map((event) => (JSON.parse(event.data) as Message).text);
  expect(texts).toEqual(['Said once', 'A guest said once']);
  expect(await stream.settle(500)).toHaveLength(2);
  expect(setup.app.output()).not.toContain('uncaughtException');
  await stream.cancel();
});
