import 'server-only';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { rowsOf } from '@/lib/db/types';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { nameOf } from '@/lib/conversations/operators';
import { reportRows } from './rows';
import type { ReportPeriod } from './schema';

/** The export's columns, in order; their headers are the messages' Dashboard.reports.csv.<column>. */
export const CSV_COLUMNS = [
  'conversation',
  'started',
  'widget',
  'visitor',
  'email',
  'language',
  'status',
  'assignee',
  'firstResponse',
  'firstResponseSeconds',
  'firstResponseBusinessSeconds',
  'closed',
  'resolutionSeconds',
  'resolutionBusinessSeconds',
  'page',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Rows read per query: the export holds one page at a time, whatever the period's size. */
export const CSV_PAGE_SIZE = 1000;

/**
 * A cell as CSV: quoted when it holds a quote, separator or line break; text a spreadsheet would take for a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so it stays text (CSV injection).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

type Row = Record<CsvColumn, string | number | null> & { at: string; id: string };

const local = (column: string, tz: string) =>
  sql`to_char(${sql.raw(column)} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
const seconds = (column: string) => sql.raw(`round(r.${column})::int`);

/** One page of the export: the period's conversations after (start, id) `after`, oldest first. */
async function csvPage(workspaceId: string, period: ReportPeriod, after: { at: string; id: string } | null) {
  const position = after ? sql`(c.created_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql`true`;
  const db = await database();
  return rowsOf<Row>(
    await db.execute(sql`select r.id, r.created_at::text as at, r.id::text as conversation,
        ${local('r.created_at', period.tz)} as started,
        (select w.name from widgets w where w.id = r.widget_id) as widget,
        v.name as visitor, v.email, r.locale as language, r.status,
        case when r.assignee_uid is not null then ${nameOf(sql`r.assignee_uid`)} end as assignee,
        ${local('r.first_response_at', period.tz)} as "firstResponse",
        ${seconds('first_response')} as "firstResponseSeconds",
        ${seconds('first_response_business')} as "firstResponseBusinessSeconds",
        ${local('r.closed_at', period.tz)} as closed,
        ${seconds('resolution')} as "resolutionSeconds",
        ${seconds('resolution_business')} as "resolutionBusinessSeconds",
        r.page_url as page
      from (${reportRows(workspaceId, period, position)}) r
      left join visitors v on v.id = r.visitor_id
      order by r.created_at, r.id limit ${CSV_PAGE_SIZE}`),
  );
}

/**
 * The period's conversations as CSV, one row each (`reports.read`), under a header row in the operator's
 * language: a stream that reads the next page only when the previous one has been taken (`onPage` counts them),
 * so any number of rows needs the memory of one page.
 */
export async function conversationsCsv(
  operator: SignedInUser,
  workspaceId: string,
  period: ReportPeriod,
  header: Record<CsvColumn, string>,
  onPage: (rows: number) => void = () => {},
): Promise<ReadableStream<Uint8Array>> {
  await requirePermission(operator, workspaceId, 'reports.read');
  const encoder = new TextEncoder();
  let after: { at: string; id: string } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // The byte order mark tells spreadsheets the text is UTF-8 (umlauts in names and headers).
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(CSV_COLUMNS.map((column) => header[column]))}`));
      },
      async pull(controller) {
        if (done) return controller.close();
        const rows = await csvPage(workspaceId, period, after);
        onPage(rows.length);
        if (rows.length > 0) {
          const last = rows.at(-1)!;
          after = { at: last.at, id: last.id };
          controller.enqueue(
            encoder.encode(rows.map((row) => csvLine(CSV_COLUMNS.map((column) => row[column]))).join('')),
          );
        }
        done = rows.length < CSV_PAGE_SIZE;
        if (rows.length === 0) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
