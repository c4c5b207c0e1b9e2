// Who the widget's header shows answering (lib/conversations/team.ts, issue 37 point 4): members of the widget's
// workspace under the name a reply of theirs shows, the available ones first, three at most, with the photo's
// address of the widget; never a uid or an e-mail address, and nobody without a display name.
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { GET } from '@/app/embed/[widgetId]/route';
import { setOperatorSwitch } from '@/lib/conversations/operators';
import { widgetTeam } from '@/lib/conversations/team';
import { database } from '@/lib/db';
import { avatars, sessions } from '@/lib/db/schema';
import { ORIGIN, signedIn } from './signed-in';
import { teammate } from './teammates';
import { ownWidget } from './visitors';

jest.mock('@/app/embed/[widgetId]/manifest', () => jest.requireActual('./frame-manifest'));

/** `uid`'s display name as their sign-in gave it (the integration accounts sign in without one). */
async function named(uid: string, displayName: string) {
  await (
    await database()
  )
    .update(sessions)
    .set({ profile: sql`jsonb_set(${sessions.profile}, '{displayName}', to_jsonb(${displayName}::text))` })
    .where(sql`${sessions.uid} = ${uid}`);
}

async function withPhoto(uid: string) {
  await (await database()).insert(avatars).values({ uid, image: Buffer.from('png'), contentType: 'image/png' });
}

describe('the team a widget shows', () => {
  it('lists the available members first, then by name, three at most, photos by the widget’s address', async () => {
    const owner = await signedIn('team-owner');
    const { widgetId } = await ownWidget(owner);
    const workspaceId = owner.workspaceId;
    const [bea, carl, dora, emil] = await Promise.all(
      ['team-bea', 'team-carl', 'team-dora', 'team-emil'].map((prefix) => teammate(workspaceId, prefix)),
    );
    await named(owner.uid, 'Zoe Zander');
    await named(bea.uid, '  Bea\u0007 Berger ');
    await named(carl.uid, 'Carl Conrad');
    await named(dora.uid, 'Dora Dietz');
    // Emil never gave a name: a reply of his shows the widget's name, so his face is not shown.
    void emil;
    await withPhoto(carl.uid);
    const db = await database();
    await setOperatorSwitch(db, workspaceId, owner.uid, 'available');
    await setOperatorSwitch(db, workspaceId, dora.uid, 'away');

    const team = await widgetTeam(widgetId);
    expect(team.map((face) => face.name)).toEqual(['Zoe Zander', 'Bea Berger', 'Carl Conrad']);
    expect(team[0].photo).toBeNull();
    expect(team[2].photo).toMatch(new RegExp(`^/api/operator-photos/${widgetId}/[A-Za-z0-9_-]{22}\\?v=\\d+$`));
    expect(team[2].photo).not.toContain(carl.uid);
  });

  it('is empty for a workspace whose members gave no name, and has no member of another workspace', async () => {
    const owner = await signedIn('team-unnamed');
    const { widgetId } = await ownWidget(owner);
    const stranger = await signedIn('team-stranger');
    await named(stranger.uid, 'Sam Stranger');
    expect(await widgetTeam(widgetId)).toEqual([]);
  });

  it('reaches the frame’s props without uids or e-mail addresses', async () => {
    const owner = await signedIn('team-props');
    const { widgetId } = await ownWidget(owner);
    await named(owner.uid, 'Olga Ortmann');
    await withPhoto(owner.uid);
    const request = new NextRequest(`${ORIGIN}/embed/${widgetId}?open=1`);
    const html = await (await GET(request, { params: Promise.resolve({ widgetId }) })).text();
    const props = JSON.parse(/<script type="application\/json" id="widget-props">([^<]*)<\/script>/.exec(html)![1]);
    expect(props.widget.team).toEqual([
      { name: 'Olga Ortmann', photo: expect.stringMatching(`^/api/operator-photos/${widgetId}/`) },
    ]);
    expect(html).not.toContain(owner.uid);
    expect(html).not.toContain(owner.email);
  });
});
