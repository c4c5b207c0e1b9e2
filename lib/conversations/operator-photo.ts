import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { avatars, conversationMessages, widgets, workspaceMembers } from '@/lib/db/schema';
import { findPhoto } from '@/lib/avatar/photo';
import { sessionSecrets } from '@/lib/session/secret';

let key: Buffer | undefined;
/** A key of its own for operators' photo addresses, derived from the session secret (no further setting). */
const photoKey = () =>
  (key ??= Buffer.from(hkdfSync('sha256', sessionSecrets()[0], Buffer.alloc(0), 'plauder operator photo v1', 32)));

/** An operator's photo's name in a widget's address: stable per operator, and neither their uid nor address. */
const photoId = (uid: string) => createHmac('sha256', photoKey()).update(uid).digest().subarray(0, 16);

/**
 * SQL for a message row: while its author is a member of the widget's workspace with an uploaded photo, the
 * photo's time of upload in ms (the address's version, so that a new photo is fetched anew), else null.
 */
export const authorPhotoVersion = sql<number | null>`(
  select (extract(epoch from a.updated_at) * 1000)::bigint from ${avatars} a
  join ${workspaceMembers} m on m.uid = a.uid
  join ${widgets} w on w.workspace_id = m.workspace_id
  where a.uid = ${conversationMessages.authorUid} and w.id = ${conversationMessages.widgetId})`.mapWith((value) =>
  value === null ? null : Number(value),
);

/** The address of the photo of a message's operator as the widget shows it (null: no photo). */
export function operatorPhotoPath(
  message: { widgetId: string; authorUid: string | null },
  version: number | null,
): string | null {
  if (!message.authorUid || version === null) return null;
  const id = photoId(message.authorUid).toString('base64url');
  return `/api/operator-photos/${encodeURIComponent(message.widgetId)}/${id}?v=${version}`;
}

/** The uploaded photo named `id` of a member of the widget's workspace (null: none such). */
export async function findOperatorPhoto(widgetId: string, id: string) {
  const wanted = Buffer.from(id, 'base64url');
  if (wanted.length !== 16) return null;
  const db = await database();
  const members = await db
    .select({ uid: avatars.uid })
    .from(avatars)
    .innerJoin(workspaceMembers, eq(workspaceMembers.uid, avatars.uid))
    .innerJoin(widgets, eq(widgets.workspaceId, workspaceMembers.workspaceId))
    .where(eq(widgets.id, widgetId));
  const member = members.find(({ uid }) => timingSafeEqual(photoId(uid), wanted));
  return member ? findPhoto(member.uid) : null;
}
