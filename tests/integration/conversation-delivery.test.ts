// A new message travels in its NOTIFY's payload, so no instance reads the log to deliver it; one too large for a
// payload is announced without it and read. Both sides get every message once, in order, the same either way.
import { POST as visitorPost } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { CONVERSATIONS_CHANNEL } from '@/lib/conversations/signal';
import { listen } from '@/lib/db';
import { sseReader } from '../support/sse';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, visitorStream } from './visitors';
import { inboxStream } from './inbox';

/** The data of the first `count` message events of `stream`, once they have arrived. */
async function messages(stream: ReturnType<typeof sseReader>, count: number) {
  const data = () => stream.events.filter((e) => e.event === 'message').map((e) => e.data);
  while (data().length < count) await stream.take(stream.events.length + 1);
  return data();
}

it('delivers messages from their notification, and reads one too large for it, in order and once', async () => {
  const { owner, widgetId } = await ownWidget();
  const ada = await newVisitor(widgetId);
  const payloads: { k: string; e?: { m: { text: string } } }[] = [];
  const stop = await listen(CONVERSATIONS_CHANNEL, { notify: (p) => payloads.push(JSON.parse(p)), resync: () => {} });
  const inbox = await inboxStream(owner);
  const visitor = await visitorStream(widgetId, ada);
  const { conversation } = await converse(widgetId, ada, 'one');

  // 3,000 × "€" is 9,000 bytes in UTF-8: past a payload's 8,000.
  const large = '€'.repeat(3000);
  for (const text of ['two', large, 'four']) {
    const response = await visitorPost(
      visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${conversation.id}/messages`, ada.token, {
        text,
      }),
      { params: Promise.resolve({ id: widgetId, cid: conversation.id }) },
    );
    expect(response.status).toBe(201);
  }
  const answered = await reply(
    apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
      text: 'five',
    }),
    { params: Promise.resolve({ wid: owner.workspaceId, cid: conversation.id }) },
  );
  expect(answered.status).toBe(201);

  const texts = ['one', 'two', large, 'four', 'five'];
  for (const stream of [visitor, inbox]) {
    const heard = (await messages(stream, 5)).map((data) => JSON.parse(data));
    expect(heard.map((e) => e.message.text)).toEqual(texts);
    const ids = heard.map((e) => e.message.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    expect((await stream.settle(300)).filter((e) => e.event === 'message')).toHaveLength(5);
  }

  // The notifications carried the small messages and only named the large one.
  const announced = payloads.filter((p) => p.k === 'm');
  expect(announced.map((p) => p.e?.m.text ?? null)).toEqual(['one', 'two', null, 'four', 'five']);

  // The frame a notification carried is the frame the log gives a stream that resumes (the last message: the log
  // shows each message with the conversation as it is now).
  const live = (await messages(visitor, 5)).map((data) => JSON.parse(data));
  const resumed = await visitorStream(widgetId, ada, live[3].message.id);
  expect(await messages(resumed, 1)).toEqual([JSON.stringify(live[4])]);
  for (const stream of [visitor, inbox, resumed]) stream.close();
  await stop();
});
