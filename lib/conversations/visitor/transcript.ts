import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import {
  conversationMessages,
  messageColumns,
  conversations,
  transcriptRequests,
  visitors,
  widgets,
} from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { takeAllowances, type Allowance } from '@/lib/limits/allowances';
import { sendMail } from '@/lib/mail';
import { mailLater } from '@/lib/mail/later';
import type { ConversationRow } from '../threads';
import { NOTIFY_INTERVAL_MS } from '../notify';

type WidgetRow = typeof widgets.$inferSelect;
type VisitorRow = typeof visitors.$inferSelect;
type TranscriptWidget = Pick<WidgetRow, 'id' | 'name' | 'businessHours'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the link of a confirmation mail sends the transcript. */
export const TRANSCRIPT_LINK_TTL_MS = DAY_MS;

/**
 * A day's transcripts and confirmation mails. Transcripts go only to confirmed addresses; a mail that asks
 * an unconfirmed one carries no text of the visitor's, and these bound how many strangers can get one: per
 * visitor, per widget and client address, per widget, and per recipient over all widgets.
 */
export const TRANSCRIPT_ALLOWANCES = {
  transcriptsPerVisitor: 10,
  transcriptsPerWidget: 500,
  confirmationsPerVisitor: 3,
  confirmationsPerAddress: 10,
  confirmationsPerWidget: 50,
  confirmationsPerRecipient: 3,
} as const;

export type TranscriptAnswer = { status: 'sent' | 'confirm'; email: string };

const day = (bucket: string, key: string, max: number): Allowance => ({ bucket, key, max, windowMs: DAY_MS });
const sameAddress = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Whether transcripts may go to `email` at once: the customer's server signed it, or its mailbox confirmed it. */
function confirmedFor(visitor: VisitorRow, email: string): boolean {
  return sameAddress(visitor.transcriptEmail, email) || (visitor.emailVerified && sameAddress(visitor.email, email));
}

/**
 * POST …/transcript: the conversation goes by e-mail to `asked`, else to the visitor's confirmed address, else
 * to their reply address. A confirmed address gets it at once (`sent`); any other first gets a link that sends
 * it (`confirm`), so the chat relays nothing to a stranger. The address never becomes the reply address.
 */
export async function requestTranscript(
  widget: TranscriptWidget,
  visitor: VisitorRow,
  conversation: ConversationRow,
  asked: string | undefined,
  clientAddress: string,
): Promise<TranscriptAnswer> {
  const email = asked ?? visitor.transcriptEmail ?? (visitor.emailVerified ? visitor.email : null) ?? visitor.email;
  if (!email) throw new ApiError('invalidBody', { email: { code: 'required' } });
  const limits = TRANSCRIPT_ALLOWANCES;
  const db = await database();
  if (confirmedFor(visitor, email)) {
    await db.transaction(async (tx) => {
      await claimTranscript(tx, conversation.id);
      await takeAllowances(
        [
          day('transcripts', `visitor:${visitor.id}`, limits.transcriptsPerVisitor),
          day('transcripts', `widget:${widget.id}`, limits.transcriptsPerWidget),
        ],
        'tooManyTranscripts',
        tx,
      );
    });
    mailLater(() => mailTranscript(widget, conversation, email), 'transcript');
    return { status: 'sent', email };
  }
  const token = randomBytes(32).toString('base64url');
  const asking = await db.transaction(async (tx) => {
    // Asked again within 10 minutes: the link already sent still works, and no second mail goes out.
    const [request] = await tx
      .insert(transcriptRequests)
      .values({ conversationId: conversation.id, email, tokenHash: hashOf(token) })
      .onConflictDoUpdate({
        target: [transcriptRequests.conversationId, transcriptRequests.email],
        set: { tokenHash: hashOf(token), createdAt: sql`now()`, confirmedAt: null },
        setWhere: lt(transcriptRequests.createdAt, sql`now() - ${`${NOTIFY_INTERVAL_MS} milliseconds`}::interval`),
      })
      .returning({ id: transcriptRequests.id });
    if (!request) return false;
    await takeAllowances(
      [
        day('transcript-confirmations', `visitor:${visitor.id}`, limits.confirmationsPerVisitor),
        day('transcript-confirmations', `${widget.id}@${clientAddress}`, limits.confirmationsPerAddress),
        day('transcript-confirmations', `widget:${widget.id}`, limits.confirmationsPerWidget),
        day('transcript-confirmations', `to:${email.toLowerCase()}`, limits.confirmationsPerRecipient),
      ],
      'tooManyTranscripts',
      tx,
    );
    return true;
  });
  if (asking) {
    const link = `${env.siteUrl}${localizedPath('/transcript', conversation.locale)}#token=${token}`;
    mailLater(
      () =>
        sendMail('transcriptConfirmation', email, conversation.locale, { widget: widget.name, link }, [], visitor.id),
      'transcript confirmation',
    );
  }
  return { status: 'confirm', email };
}

/**
 * POST /api/transcripts: the link of a confirmation mail. Its first use confirms the address for the
 * visitor's transcripts and sends this one; a second use (a double click) answers the same and sends
 * nothing. Unknown or older than a day: 404 `transcriptLinkInvalid`.
 */
export async function confirmTranscript(token: string): Promise<{ email: string }> {
  const tokenHash = hashOf(token);
  const db = await database();
  const confirmed = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(transcriptRequests)
      .set({ confirmedAt: sql`now()` })
      .where(
        and(
          eq(transcriptRequests.tokenHash, tokenHash),
          isNull(transcriptRequests.confirmedAt),
          gt(transcriptRequests.createdAt, sql`now() - ${`${TRANSCRIPT_LINK_TTL_MS} milliseconds`}::interval`),
        ),
      )
      .returning();
    if (!request) return null;
    const [found] = await tx
      .update(conversations)
      .set({ transcriptSentAt: new Date() })
      .where(eq(conversations.id, request.conversationId))
      .returning();
    await tx.update(visitors).set({ transcriptEmail: request.email }).where(eq(visitors.id, found.visitorId));
    const [widget] = await tx.select().from(widgets).where(eq(widgets.id, found.widgetId));
    return { email: request.email, conversation: found, widget };
  });
  if (confirmed) {
    mailLater(() => mailTranscript(confirmed.widget, confirmed.conversation, confirmed.email), 'transcript');
    return { email: confirmed.email };
  }
  const [used] = await db
    .select({ email: transcriptRequests.email })
    .from(transcriptRequests)
    .where(and(eq(transcriptRequests.tokenHash, tokenHash), isNotNull(transcriptRequests.confirmedAt)));
  if (!used) throw new ApiError('transcriptLinkInvalid');
  return used;
}

/**
 * At most one transcript per conversation in 10 minutes (429 otherwise): the conditional update claims the
 * slot, so a double click sends one e-mail.
 */
async function claimTranscript(executor: Executor, conversationId: string): Promise<void> {
  const claimed = await executor
    .update(conversations)
    .set({ transcriptSentAt: new Date() })
    .where(
      and(
        eq(conversations.id, conversationId),
        or(
          isNull(conversations.transcriptSentAt),
          lt(conversations.transcriptSentAt, sql`now() - ${`${NOTIFY_INTERVAL_MS} milliseconds`}::interval`),
        ),
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) throw new ApiError('tooManyTranscripts', undefined, Math.ceil(NOTIFY_INTERVAL_MS / 1000));
}

/** E-mails the whole conversation. */
async function mailTranscript(widget: TranscriptWidget, conversation: ConversationRow, email: string): Promise<void> {
  const db = await database();
  const lines = await db
    .select(messageColumns)
    .from(conversationMessages)
    // The visitor's and the operators' messages: never a change of status, never a member's note.
    .where(
      and(
        eq(conversationMessages.conversationId, conversation.id),
        inArray(conversationMessages.sender, ['visitor', 'operator']),
      ),
    )
    .orderBy(asc(conversationMessages.id));
  await sendMail(
    'transcript',
    email,
    conversation.locale,
    {
      widget: widget.name,
      timeZone: widget.businessHours?.timeZone ?? 'UTC',
      lines: lines.map((line) => ({
        at: line.createdAt.toISOString(),
        from: line.sender === 'visitor' ? 'visitor' : 'operator',
        name: line.authorName,
        text: line.body,
      })),
    },
    [],
    conversation.visitorId,
  );
}
