import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { invoices, profiles, workspaceMembers, type charges } from '@/lib/db/schema';
import { mailLater } from '@/lib/mail/later';
import { latestSignInEmail } from '@/lib/session/recipient';
import { issueInvoice } from '../invoices/issue';
import { sendInvoiceMail } from '../invoices/mail';

// Every paid charge of the local engine gets its invoice in the charge's transaction (the number is drawn
// there, so a rolled-back charge leaves no gap), and the owner gets it by e-mail with its PDF once committed.

type Charge = typeof charges.$inferSelect;

/** The workspace owner's language (their profile's, else English) and the address of their latest sign-in. */
async function ownerOf(executor: Executor, workspaceId: string) {
  const [row] = await executor
    .select({
      locale: profiles.locale,
      email: latestSignInEmail(workspaceMembers.uid),
    })
    .from(workspaceMembers)
    .leftJoin(profiles, eq(profiles.uid, workspaceMembers.uid))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  return { locale: row?.locale === 'de' ? ('de' as const) : ('en' as const), email: row?.email ?? null };
}

/**
 * Issues the invoice of a paid charge (of the listed price `listedCents`), in the charge's transaction; a repeat
 * answers the same invoice. An invoice whose total is not what the card paid rolls the charge back.
 */
export async function invoiceCharge(tx: Executor, workspaceId: string, charge: Charge, listedCents: number) {
  const { locale } = await ownerOf(tx, workspaceId);
  const values = {
    plan: charge.plan,
    interval: charge.interval,
    from: charge.periodStart.toISOString(),
    to: charge.periodEnd.toISOString(),
  };
  const invoice = await issueInvoice(tx, {
    sourceId: charge.id,
    workspaceId,
    locale,
    lines: [{ key: charge.kind === 'proration' ? 'upgrade' : 'plan', values, amountGrossCents: listedCents }],
    supplyFrom: charge.periodStart,
    supplyTo: charge.periodEnd,
    issuedAt: charge.at,
  });
  if (invoice.grossCents !== charge.amountCents)
    throw new RangeError(`invoice ${invoice.number} totals ${invoice.grossCents}, the card paid ${charge.amountCents}`);
  return invoice;
}

/** Mails the invoices not mailed yet (of one workspace, or all) to their owners; each once (sendInvoiceMail). */
export async function mailUnsentInvoices(workspaceId?: string): Promise<void> {
  const db = await database();
  const unsent = await db
    .select({ id: invoices.id, workspaceId: invoices.workspaceId })
    .from(invoices)
    .where(and(isNull(invoices.mailedAt), workspaceId ? eq(invoices.workspaceId, workspaceId) : undefined))
    .limit(100);
  for (const invoice of unsent) {
    if (!invoice.workspaceId) continue;
    const { email } = await ownerOf(db, invoice.workspaceId);
    if (email) await sendInvoiceMail(invoice.id, email);
  }
}

/** After the answer: mails what a billing change invoiced (of one workspace, or any). */
export function mailInvoicesLater(workspaceId?: string): void {
  mailLater(() => mailUnsentInvoices(workspaceId), 'invoice');
}
