import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import {
  billingNotices,
  profiles,
  subscriptions,
  workspaceMembers,
  workspaces,
  type BillingNotice,
} from '@/lib/db/schema';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail';
import { localizedPath } from '@/lib/i18n/paths';
import { describeDatabaseError } from '@/lib/db/errors';
import { latestSignInEmail } from '@/lib/session/recipient';
import { billingNowSql } from '../clock';
import { PLAN_CURRENCY, type PaidPlanId } from '../plans';
import { buyerPays } from '../invoices/issue';
import { LOCAL_SUBSCRIPTION_PREFIX, priceOf } from './charge';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reminders of an unpaid subscription, by the day after it fell due; read-only at the end of the grace period. */
const NOTICE_DAYS: Record<BillingNotice, number> = { overdue0: 0, overdue3: 3, overdue7: 7, readOnly: 14 };

/**
 * Claims the reminders now due (a row each: the claim), for past-due and read-only subscriptions; the read-only
 * notice only once the workspace is. Concurrent sweeps and instances claim each one once.
 */
async function claimDue() {
  const db = await database();
  const days = sql.join(
    Object.entries(NOTICE_DAYS).map(([notice, day]) => sql`(${notice}, ${day}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into ${billingNotices} (subscription_id, past_due_since, notice)
    select s.id, s.past_due_since, n.notice from ${subscriptions} s
    join (values ${days}) as n(notice, day) on s.past_due_since + make_interval(days => n.day) <= ${billingNowSql()}
    where s.provider = 'local' and s.provider_subscription_id like ${`${LOCAL_SUBSCRIPTION_PREFIX}%`} and s.status in ('past_due', 'read_only')
      and (n.notice <> 'readOnly' or s.status = 'read_only')
    on conflict do nothing
    returning subscription_id, past_due_since, notice`);
  return (
    result as unknown as {
      rows: Array<{ subscription_id: string; past_due_since: string | Date; notice: BillingNotice }>;
    }
  ).rows;
}

/** The workspace's owner: the address of their latest sign-in and their language, with what the e-mail names. */
async function recipientOf(subscriptionId: string) {
  const db = await database();
  const [row] = await db
    .select({
      workspace: workspaces.name,
      workspaceId: subscriptions.workspaceId,
      plan: subscriptions.plan,
      interval: subscriptions.interval,
      locale: profiles.locale,
      email: latestSignInEmail(workspaceMembers.uid),
    })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, subscriptions.workspaceId), eq(workspaceMembers.role, 'owner')),
    )
    .leftJoin(profiles, eq(profiles.uid, workspaceMembers.uid))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

/**
 * E-mails the owners the reminders now due: on the day a payment fails, 3 and 7 days later (each saying when the
 * workspace becomes read-only), and when it has. A failed sending releases its claim for the next sweep.
 */
export async function sendBillingNotices(): Promise<void> {
  const db = await database();
  for (const claim of await claimDue()) {
    const since = new Date(claim.past_due_since);
    try {
      const owner = await recipientOf(claim.subscription_id);
      if (!owner?.email) continue;
      const locale = owner.locale ?? 'en';
      const link = `${env.siteUrl}${localizedPath('/dashboard/billing', locale)}`;
      if (claim.notice === 'readOnly')
        await sendMail('billingReadOnly', owner.email, locale, { workspace: owner.workspace, link });
      else
        await sendMail('billingOverdue', owner.email, locale, {
          workspace: owner.workspace,
          amountCents: await buyerPays(db, owner.workspaceId, priceOf(owner.plan as PaidPlanId, owner.interval)),
          currency: PLAN_CURRENCY,
          day: NOTICE_DAYS[claim.notice],
          readOnlyAt: new Date(+since + NOTICE_DAYS.readOnly * DAY_MS).toISOString(),
          link,
        });
    } catch (error) {
      console.error(`billing: reminder failed: ${describeDatabaseError(error as Error)}`);
      await db
        .delete(billingNotices)
        .where(
          and(
            eq(billingNotices.subscriptionId, claim.subscription_id),
            eq(billingNotices.pastDueSince, since),
            eq(billingNotices.notice, claim.notice),
          ),
        );
    }
  }
}
