import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { profiles } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import type { Settings } from './schema';

/** The user's settings; defaults (the page's language, the device's theme) until they save their own. */
export async function getSettings(uid: string, fallbackLocale: Locale): Promise<Settings & { saved: boolean }> {
  const db = await database();
  const [row] = await db.select().from(profiles).where(eq(profiles.uid, uid)).limit(1);
  return {
    locale: row?.locale ?? fallbackLocale,
    theme: row?.theme ?? 'system',
    notifyTicketReplies: row?.notifyTicketReplies ?? true,
    notifyOrderUpdates: row?.notifyOrderUpdates ?? true,
    alertSound: row?.alertSound ?? true,
    emailAlerts: row?.emailAlerts ?? 'now',
    alertScope: row?.alertScope ?? 'mineAndUnassigned',
    saved: Boolean(row),
  };
}

export async function saveSettings(uid: string, settings: Settings): Promise<Settings> {
  const db = await database();
  await db
    .insert(profiles)
    .values({ uid, ...settings })
    .onConflictDoUpdate({ target: profiles.uid, set: { ...settings, updatedAt: sql`now()` } });
  return settings;
}
