import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/lib/db';
import { ApiError } from '@/lib/api/errors';
import { rowsOf } from '@/lib/db/types';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { INBOX_PAGE_SIZE, type InboxSearchPage, type SearchExcerpt } from '../constants';
import type { inboxSearchSchema } from '../schema';
import { inboxEntries, statusFilter } from './inbox';

export type InboxSearch = z.infer<typeof inboxSearchSchema>;

/**
 * The words of what an operator typed as a text-search query: each a prefix (results while typing), all of
 * them required. Only letters and digits reach `to_tsquery`, so no input is a syntax error there.
 */
export function searchTerms(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0
    ? null
    : words
        .slice(0, 8)
        .map((word) => `${word}:*`)
        .join(' & ');
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The excerpt's marks: control characters no message keeps (lib/api/schemas.ts plainText drops them).
const MARK_START = '\u0001';
const MARK_END = '\u0002';
const MARKS = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
/** A message up to this long is its own excerpt; a longer one shows the passages around the match. */
const WHOLE_EXCERPT_MAX = 240;

/** A headline with marks as text segments, so that the client writes no HTML from the server. */
export function excerptOf(headline: string): SearchExcerpt {
  const parts: SearchExcerpt = [];
  for (const [index, piece] of headline.split(MARK_START).entries()) {
    const [marked, rest] = index === 0 ? [null, piece] : [piece.split(MARK_END)[0], piece.split(MARK_END)[1] ?? ''];
    if (marked) parts.push({ text: marked, marked: true });
    if (rest) parts.push({ text: rest, marked: false });
  }
  return parts;
}

/** Conditions on the conversation of a hit (alias `c`): status (snoozed as in the inbox's lists), assignee, label. */
function conversationFilters(search: InboxSearch, uid: string): SQL[] {
  const filters: SQL[] = [];
  const status =
    search.status && statusFilter(search.status, { status: sql`c.status`, snoozedUntil: sql`c.snoozed_until` });
  if (status) filters.push(status);
  if (search.label)
    filters.push(
      sql`exists (select 1 from conversation_labels cl where cl.conversation_id = c.id and cl.label_id = ${search.label})`,
    );
  if (search.assignee === 'none') filters.push(sql`c.assignee_uid is null`);
  else if (search.assignee === 'me') filters.push(sql`c.assignee_uid = ${uid}`);
  else if (search.assignee) filters.push(sql`c.assignee_uid = ${search.assignee}`);
  return filters;
}

function all(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

function decodeSearchCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = /^[1-9][0-9]{0,15}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError('invalidCursor');
  return id;
}

/**
 * Search across every conversation of a workspace (404 unless the operator is its member): messages whose
 * text matches every word (stemmed in German and English, each word a prefix), and conversations whose
 * visitor's name or address contains the text (at their latest message). Newest match first; pages by the
 * match's message id (keyset), so any page costs what the first does.
 */
export async function searchInbox(
  operator: SignedInUser,
  workspaceId: string,
  search: InboxSearch,
): Promise<InboxSearchPage> {
  await requirePermission(operator, workspaceId, 'inbox.read');
  const before = decodeSearchCursor(search.cursor);
  const terms = searchTerms(search.q);
  const query = sql`(to_tsquery('german', ${terms}) || to_tsquery('english', ${terms}))`;
  // Each side is a page of its own (ordered by message id, as an index can give it), then the two merge.
  const onConversation = all([
    sql`c.workspace_id = ${workspaceId}`,
    ...(search.widget ? [sql`c.widget_id = ${search.widget}`] : []),
    ...conversationFilters(search, operator.uid),
  ]);
  const window = (id: SQL, at: SQL) =>
    all([
      ...(before === null ? [] : [sql`${id} < ${before}`]),
      ...(search.from ? [sql`${at} >= ${search.from}::timestamptz`] : []),
      ...(search.to ? [sql`${at} < ${search.to}::timestamptz`] : []),
    ]);
  const texts = terms
    ? sql`(select m.id as message_id, m.conversation_id, m.created_at as at, true as in_text
        from conversation_messages m join conversations c on c.id = m.conversation_id
        where ${onConversation} and m.sender <> 'system' and m.search @@ ${query}
          and ${window(sql`m.id`, sql`m.created_at`)}
        order by m.id desc limit ${INBOX_PAGE_SIZE + 1})`
    : null;
  // A visitor whose latest message matches too is found there (one hit per message).
  const names = sql`(select c.last_message_id as message_id, c.id as conversation_id, c.last_message_at as at,
        false as in_text
      from conversations c join visitors v on v.id = c.visitor_id
      where ${onConversation}
        and (lower(v.name) like ${containing(search.q)} or lower(v.email) like ${containing(search.q)})
        and ${window(sql`c.last_message_id`, sql`c.last_message_at`)}
        ${texts ? sql`and not exists (select 1 from conversation_messages m where m.id = c.last_message_id and m.search @@ ${query})` : sql``}
      order by c.last_message_id desc limit ${INBOX_PAGE_SIZE + 1})`;
  const match = terms ? query : sql`''::tsquery`;
  const db = await database();
  // The page first, then an excerpt for each of its hits only.
  const rows = rowsOf<{
    message_id: string | number;
    conversation_id: string;
    at: Date | string;
    excerpt: string | null;
  }>(
    await db.execute(sql`
      select top.*, (select case when length(m.body) <= ${WHOLE_EXCERPT_MAX}
            then ts_headline('german', m.body, ${match}, ${`HighlightAll=true, ${MARKS}`})
            else ts_headline('german', m.body, ${match}, ${`MaxFragments=2, MaxWords=18, MinWords=8, FragmentDelimiter=" … ", ${MARKS}`})
          end
        from conversation_messages m where m.id = top.message_id and top.in_text) as excerpt
      from (
        select hit.* from (${texts ? sql`${texts} union all ` : sql``}${names}) hit
        order by hit.message_id desc
        limit ${INBOX_PAGE_SIZE + 1}
      ) top`),
  );
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const entries = await inboxEntries(page.map((row) => row.conversation_id));
  return {
    results: page.map((row) => ({
      conversation: entries.get(row.conversation_id)!,
      messageId: Number(row.message_id),
      at: new Date(row.at).toISOString(),
      excerpt: row.excerpt ? excerptOf(row.excerpt) : null,
    })),
    nextCursor: rows.length > INBOX_PAGE_SIZE ? String(page.at(-1)!.message_id) : null,
  };
}
