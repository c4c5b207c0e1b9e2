// The visitor sees who answered, with the operator's photo (issue 36, point 3): an address of the widget that
// names neither the operator's uid nor their e-mail address, served while they are a member; initials without.
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { POST as uploadPhoto } from '@/app/api/profile/photo/route';
import { GET as visitorThread } from '@/app/api/widgets/[id]/conversations/[cid]/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { GET as operatorPhoto } from '@/app/api/operator-photos/[id]/[key]/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { and, eq } from 'drizzle-orm';
import { findPhoto } from '@/lib/avatar/photo';
import { operatorPhotoPath } from '@/lib/conversations/operator-photo';
import { database } from '@/lib/db';
import { workspaceMembers } from '@/lib/db/schema';
import type { MessageView } from '@/lib/conversations/constants';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest, signedIn } from './signed-in';
import { teammate } from './teammates';
import { converse, newVisitor, ownWidget, visitorRequest, type Owner } from './visitors';

async function upload(owner: Owner) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const request = new NextRequest(`${ORIGIN}/api/profile/photo`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN, cookie: owner.cookie },
  });
  expect((await uploadPhoto(request)).status).toBe(201);
}

function answer(who: Owner & { workspaceId: string }, cid: string, text: string) {
  return reply(apiRequest('POST', `/api/workspaces/${who.workspaceId}/inbox/${cid}/messages`, who, { text }), {
    params: Promise.resolve({ wid: who.workspaceId, cid }),
  });
}

const fetchPhoto = (path: string) => {
  const [, widgetId, key] = /^\/api\/operator-photos\/([^/]+)\/([^/]+)\?v=\d+$/.exec(path)!;
  return operatorPhoto(new NextRequest(`${ORIGIN}${path}`), { params: Promise.resolve({ id: widgetId, key }) });
};

describe('the operator’s photo in the widget', () => {
  it('comes with the replies of an operator who has one, live and in the thread, without uid or address', async () => {
    const owner = await signedIn('photo-owner');
    await upload(owner);
    const { widgetId } = await ownWidget(owner);
    const plain = await teammate(owner.workspaceId, 'no-photo');
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Hello?');
    const controller = new AbortController();
    const stream = await visitorEvents(
      new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
        headers: { authorization: `Bearer ${visitor.token}` },
        signal: controller.signal,
      }),
      { params: Promise.resolve({ id: widgetId }) },
    );
    const events = sseReader(stream.body!);
    await events.take(1);
    expect((await answer(owner, conversation.id, 'With photo')).status).toBe(201);
    expect((await answer(plain, conversation.id, 'Without')).status).toBe(201);

    const thread = await visitorThread(
      visitorRequest('GET', `/api/widgets/${widgetId}/conversations/${conversation.id}`, visitor.token),
      { params: Promise.resolve({ id: widgetId, cid: conversation.id }) },
    );
    const { messages } = (await thread.json()) as { messages: MessageView[] };
    const [withPhoto, without] = messages.filter((message) => message.sender === 'operator');
    expect(withPhoto.authorPhoto).toMatch(new RegExp(`^/api/operator-photos/${widgetId}/[\\w-]{22}\\?v=\\d+$`));
    expect(without.authorPhoto).toBeNull();
    for (const secret of [owner.uid, owner.email]) expect(JSON.stringify(messages)).not.toContain(secret);

    // The stream's messages carry the same address.
    for (let count = 1; ; count++) {
      const live = (await events.take(count))
        .filter((event) => event.event === 'message')
        .map((event) => (JSON.parse(event.data) as { message: MessageView }).message);
      const found = live.find((message) => message.text === 'With photo');
      if (!found) continue;
      expect(found.authorPhoto).toBe(withPhoto.authorPhoto);
      break;
    }
    controller.abort();

    const served = await fetchPhoto(withPhoto.authorPhoto!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from((await findPhoto(owner.uid))!.image))).toBe(true);
  });

  it('answers 404 for an unknown key, another widget, or an operator who is no longer a member', async () => {
    const owner = await signedIn('photo-owner');
    const { widgetId } = await ownWidget(owner);
    const ada = await teammate(owner.workspaceId, 'photo-ada');
    await upload(ada);
    const other = await ownWidget(await signedIn('photo-other'));

    const path = `/api/operator-photos/${widgetId}/AAAAAAAAAAAAAAAAAAAAAA?v=1`;
    const unknown = await fetchPhoto(path);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('notFound');
    const adas = operatorPhotoPath({ widgetId, authorUid: ada.uid }, 1)!;
    expect((await fetchPhoto(adas)).status).toBe(200);
    expect((await fetchPhoto(adas.replace(widgetId, other.widgetId))).status).toBe(404);
    await (
      await database()
    )
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.uid, ada.uid)));
    expect((await fetchPhoto(adas)).status).toBe(404);
  });
});
