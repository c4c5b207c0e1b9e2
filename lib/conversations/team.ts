import 'server-only';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { avatars, operatorPresence, sessions, widgets, workspaceMembers } from '@/lib/db/schema';
import { toSingleLine } from '@/lib/api/schemas';
import { rolesFor } from '@/lib/workspaces/permissions';
import { VISITOR_NAME_MAX, type TeamFace } from './constants';
import { operatorPhotoPath } from './operator-photo';
import { availableMember } from './operators';

/** How many faces the header shows. */
export const TEAM_FACES = 3;

/**
 * Who answers a widget's visitors, as its header shows them: the members of its workspace whose role answers
 * conversations and whose latest sign-in gave a display name (a reply shows nothing else of them: never an
 * address), the available ones first, then by name. One query.
 */
export async function widgetTeam(widgetId: string): Promise<TeamFace[]> {
  const db = await database();
  const { rows } = (await db.execute(sql`
    select m.uid, n.name, (extract(epoch from a.updated_at) * 1000)::bigint as version
    from ${widgets} w
    join ${workspaceMembers} m on m.workspace_id = w.workspace_id
    left join ${operatorPresence} p on p.workspace_id = m.workspace_id and p.uid = m.uid
    left join ${avatars} a on a.uid = m.uid
    cross join lateral (select nullif(btrim(s.profile->>'displayName'), '') as name from ${sessions} s
      where s.uid = m.uid order by s.created_at desc limit 1) n
    where w.id = ${widgetId} and n.name is not null
      and m.role in (${sql.join(
        rolesFor('inbox.answer').map((role) => sql`${role}`),
        sql`, `,
      )})
    order by coalesce(${availableMember}, false) desc, n.name, m.uid
    limit ${TEAM_FACES}`)) as unknown as { rows: { uid: string; name: string; version: string | number | null }[] };
  return rows.flatMap(({ uid, name, version }) => {
    const shown = toSingleLine(name).slice(0, VISITOR_NAME_MAX);
    const photo = operatorPhotoPath({ widgetId, authorUid: uid }, version === null ? null : Number(version));
    return shown ? [{ name: shown, photo }] : [];
  });
}
