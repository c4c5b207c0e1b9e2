import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { database } from '@/lib/db';
import { describeDatabaseError } from '@/lib/db/errors';
import { conversationMessages, conversations, widgets, workspaceMembers, type EmailAlerts } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { loadMessages } from '@/lib/i18n/messages';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import { mailRecipient } from '@/lib/session/recipient';
import { NOTIFY_INTERVAL_MS, details } from './notify';
import { awayOperatorsToAlert, dashboardOpen } from './operators';

/** How long after a visitor began to wait each preference mails; null: never. */
export const EMAIL_ALERT_DELAY_MS: Record<EmailAlerts, number | null> = {
  now: 0,
  after2: 2 * 60_000,
  after5: 5 * 60_000,
  after15: 15 * 60_000,
  never: null,
};
/** The sweep looks at conversations whose visitor wrote within this time (the longest delay, and slack). */
const SWEEP_LOOKBACK_MS = 60 * 60_000;
const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/** A conversation whose visitor waits: nothing of theirs since the first unread message answered or read. */
const waitingNow = and(
  eq(conversations.status, 'open'),
  eq(conversations.lastSender, 'visitor'),
  gt(conversations.operatorUnread, 0),
);

/**
 * The conversation whose visitor waits, with how long they have waited (by the database's clock) since their
 * first message after the operators' last answer and read position, and the latest of them; null if nobody waits.
 */
async function waiting(conversationId: string) {
  const found = await details(conversationId);
  const { status, lastSender, operatorUnread } = found?.conversation ?? {};
  if (!found || status !== 'open' || lastSender !== 'visitor' || !operatorUnread) return null;
  const db = await database();
  const answered = sql`(select coalesce(max(${conversationMessages.id}), 0) from ${conversationMessages}
    where ${conversationMessages.conversationId} = ${conversationId} and ${conversationMessages.sender} = 'operator')`;
  const unanswered = await db
    .select({
      body: conversationMessages.body,
      waitedMs: sql<number>`(extract(epoch from now() - min(${conversationMessages.createdAt}) over ()) * 1000)::float8`,
    })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.sender, 'visitor'),
        gt(conversationMessages.id, sql`greatest(${found.conversation.operatorReadId}::bigint, ${answered})`),
      ),
    )
    .orderBy(desc(conversationMessages.id))
    .limit(1);
  if (unanswered.length === 0) return null;
  return { ...found, text: unanswered[0].body, waitedMs: Number(unanswered[0].waitedMs) };
}

/**
 * Claims the e-mail to `uid` about the conversation: written only while the visitor still waits, no dashboard
 * of theirs is open on any instance, and their last e-mail about it is older than 10 minutes and than the
 * visitor's latest message. The conditional insert is the claim: concurrent sweeps and instances send one.
 */
async function claim(conversationId: string, uid: string): Promise<boolean> {
  const db = await database();
  const result = await db.execute(sql`
    insert into operator_alerts (conversation_id, uid, mailed_at)
    select c.id, ${uid}, now() from conversations c
    where c.id = ${conversationId} and c.status = 'open' and c.last_sender = 'visitor' and c.operator_unread > 0
      and not ${dashboardOpen(uid)}
    on conflict (conversation_id, uid) do update set mailed_at = excluded.mailed_at
    where operator_alerts.mailed_at < now() - ${interval(NOTIFY_INTERVAL_MS)}
      and operator_alerts.mailed_at < (select last_message_at from conversations where id = excluded.conversation_id)
    returning uid`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * E-mails each operator to alert who has no dashboard open and whose chosen delay has passed since the visitor
 * began to wait, unless they were mailed about it in the last 10 minutes or since the visitor's latest message;
 * answers how many were sent. A failed sending releases its claim, so that the next sweep tries again.
 */
export async function alertOperatorsByMail(conversationId: string, workspaceId: string): Promise<number> {
  const candidates = (await awayOperatorsToAlert({ id: conversationId, workspaceId })).flatMap(
    ({ uid, emailAlerts }) => {
      const delay = EMAIL_ALERT_DELAY_MS[emailAlerts];
      return delay === null ? [] : [{ uid, delay }];
    },
  );
  if (candidates.length === 0) return 0;
  const found = await waiting(conversationId);
  if (!found) return 0;
  const { conversation, widget, visitor } = found;
  const db = await database();
  let sent = 0;
  for (const { uid, delay } of candidates) {
    if (found.waitedMs < delay) continue;
    const to = await mailRecipient(uid);
    if (!to.email || !(await claim(conversationId, uid))) continue;
    const locale = to.locale ?? widget.locale;
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Mail' });
    try {
      await sendMail(
        'visitorWaiting',
        to.email,
        locale,
        {
          widget: widget.name,
          visitor: visitor.name ?? visitor.email ?? t('anonymous'),
          page: conversation.pageUrl,
          text: found.text,
          link: `${env.siteUrl}${localizedPath('/dashboard/inbox', locale)}?conversation=${conversationId}`,
          settings: `${env.siteUrl}${localizedPath('/dashboard/settings', locale)}`,
        },
        [],
        conversation.visitorId,
      );
      sent++;
    } catch (error) {
      await db.execute(sql`delete from operator_alerts where conversation_id = ${conversationId} and uid = ${uid}`);
      throw error;
    }
  }
  return sent;
}

/** After a visitor's message: the e-mails of operators who chose "at once" go now (the sweep does the rest). */
export const alertOperatorsLater = (conversationId: string, workspaceId: string) =>
  mailLater(() => alertOperatorsByMail(conversationId, workspaceId), 'operator alert');

/** Conversations one sweep reads per query, and at most how many queries a sweep makes. */
const SWEEP_BATCH = 50;
const SWEEP_BATCHES = 20;

/**
 * The delayed e-mails: every 30 s each instance looks at the conversations whose visitor waits and wrote
 * within the last hour, the longest waits first, batch by batch; the claim keeps it to one e-mail each.
 */
export async function alertWaitingOperators(): Promise<number> {
  const db = await database();
  let sent = 0;
  let after: { at: Date; id: string } | null = null;
  for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
    const page: Array<{ id: string; at: Date; workspaceId: string }> = await db
      .select({ id: conversations.id, at: conversations.lastMessageAt, workspaceId: widgets.workspaceId })
      .from(conversations)
      .innerJoin(widgets, eq(widgets.id, conversations.widgetId))
      .where(
        and(
          waitingNow,
          sql`${conversations.lastMessageAt} > now() - ${interval(SWEEP_LOOKBACK_MS)}`,
          // Only where someone could be mailed: a workspace whose members all have a dashboard open has nobody.
          sql`exists (select 1 from ${workspaceMembers} m where m.workspace_id = ${widgets.workspaceId} and not ${dashboardOpen(sql`m.uid`)})`,
          after
            ? sql`(${conversations.lastMessageAt}, ${conversations.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(conversations.lastMessageAt, conversations.id)
      .limit(SWEEP_BATCH);
    for (const { id, workspaceId } of page)
      sent += await alertOperatorsByMail(id, workspaceId).catch((error: Error) => {
        console.error(`conversations: operator alert failed: ${describeDatabaseError(error)}`);
        return 0;
      });
    if (page.length < SWEEP_BATCH) break;
    after = page[page.length - 1];
  }
  return sent;
}
