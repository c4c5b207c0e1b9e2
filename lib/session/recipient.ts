import 'server-only';
import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { profiles, sessions } from '@/lib/db/schema';

/**
 * The address the identity provider named at the latest sign-in of the user `uid` (a column or a value): what
 * every e-mail to a member goes to, since the address may have changed since anything else recorded it.
 */
export const latestSignInEmail = (uid: SQLWrapper | string) =>
  sql<string | null>`(select ${sessions.profile}->>'email' from ${sessions}
    where ${sessions.uid} = ${uid} order by ${desc(sessions.createdAt)} limit 1)`;

/** Whom to mail for user `uid`: their latest sign-in's address and their saved language (null when unknown). */
export async function mailRecipient(uid: string, executor?: Executor) {
  const db = executor ?? (await database());
  const [[profile], [latest]] = await Promise.all([
    db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.uid, uid)),
    db
      .select({ email: sql<string | null>`${sessions.profile}->>'email'` })
      .from(sessions)
      .where(eq(sessions.uid, uid))
      .orderBy(desc(sessions.createdAt))
      .limit(1),
  ]);
  return { email: latest?.email ?? null, locale: profile?.locale ?? null };
}
