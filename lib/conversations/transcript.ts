import 'server-only';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { conversationMessages, conversations } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { sendMail } from '@/lib/mail';
import type { ConversationRow } from './threads';
import { NOTIFY_INTERVAL_MS } from './notify';

/**
 * E-mails the whole conversation to its visitor, at most once in 10 minutes per conversation (429
 * otherwise): the conditional update claims the slot, so a double click sends one e-mail.
 */
export async function sendTranscript(
  widget: { name: string; businessHours: { timeZone: string } | null },
  conversation: ConversationRow,
  email: string,
): Promise<void> {
  const db = await database();
  const claimed = await db
    .update(conversations)
    .set({ transcriptSentAt: new Date() })
    .where(
      and(
        eq(conversations.id, conversation.id),
        or(
          isNull(conversations.transcriptSentAt),
          lt(conversations.transcriptSentAt, sql`now() - ${`${NOTIFY_INTERVAL_MS} milliseconds`}::interval`),
        ),
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) throw new ApiError('rateLimited', undefined, Math.ceil(NOTIFY_INTERVAL_MS / 1000));
  const lines = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversation.id), ne(conversationMessages.sender, 'system')))
    .orderBy(asc(conversationMessages.id));
  await sendMail('transcript', email, conversation.locale, {
    widget: widget.name,
    timeZone: widget.businessHours?.timeZone ?? 'UTC',
    lines: lines.map((line) => ({
      at: line.createdAt.toISOString(),
      from: line.sender === 'visitor' ? 'visitor' : 'operator',
      name: line.authorName,
      text: line.body,
    })),
  });
}
