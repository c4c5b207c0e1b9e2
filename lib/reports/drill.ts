import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import { rowsOf } from '@/lib/db/types';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { nameOf } from '@/lib/conversations/operators';
import { decodeInboxCursor, encodeInboxCursor, timestampOf } from '@/lib/conversations/inbox/cursor';
import { reportRows } from './rows';
import type { ReportDrill, ReportPeriod } from './schema';
import type { ReportConversationsPage, ReportMetric } from './types';

export const REPORT_PAGE_SIZE = 50;

const METRIC: Record<ReportMetric, SQL> = {
  started: sql`true`,
  responded: sql`f.at is not null`,
  resolved: sql`c.status = 'closed'`,
};

/** What narrows the period's conversations to those behind a figure (the caller has checked the membership). */
export function drillFilter(drill: Omit<ReportDrill, 'cursor' | 'day'>): SQL {
  const operator =
    drill.operator === undefined
      ? sql`true`
      : drill.operator === 'none'
        ? sql`c.assignee_uid is null`
        : sql`c.assignee_uid = ${drill.operator}`;
  const widget = drill.widget === undefined ? sql`true` : sql`c.widget_id = ${drill.widget}`;
  return sql`${METRIC[drill.metric]} and ${operator} and ${widget}`;
}

type Row = {
  id: string;
  created_at: string | Date;
  at: string;
  status: 'open' | 'closed';
  visitor_name: string | null;
  widget_name: string;
  assignee_name: string | null;
  first_response: number | null;
  resolution: number | null;
};

/**
 * A page of the conversations behind a figure of the report (`reports.read`), newest first, keyset-paged on
 * (start, id): the period's, or of its `day` in the period's time zone, narrowed by metric, operator and widget.
 */
export async function reportConversations(
  operator: SignedInUser,
  workspaceId: string,
  period: ReportPeriod,
  drill: ReportDrill,
): Promise<ReportConversationsPage> {
  await requirePermission(operator, workspaceId, 'reports.read');
  const after = drill.cursor === undefined ? null : decodeInboxCursor(drill.cursor);
  const within =
    drill.day && drill.day >= period.from && drill.day <= period.to
      ? { ...period, from: drill.day, to: drill.day }
      : period;
  const position = after
    ? sql`(c.created_at, c.id) < (${timestampOf(after.at)}::timestamptz, ${after.id}::uuid)`
    : sql`true`;
  const db = await database();
  const rows = rowsOf<Row>(
    await db.execute(sql`select r.id, r.created_at, r.status, r.first_response, r.resolution,
        (extract(epoch from r.created_at) * 1000000)::bigint::text as at,
        (select v.name from visitors v where v.id = r.visitor_id) as visitor_name,
        (select w.name from widgets w where w.id = r.widget_id) as widget_name,
        case when r.assignee_uid is not null then ${nameOf(sql`r.assignee_uid`)} end as assignee_name
      from (${reportRows(workspaceId, within, sql`${drillFilter(drill)} and ${position}`)}) r
      order by r.created_at desc, r.id desc limit ${REPORT_PAGE_SIZE + 1}`),
  );
  const page = rows.slice(0, REPORT_PAGE_SIZE);
  const last = rows.length > REPORT_PAGE_SIZE ? page.at(-1)! : null;
  return {
    conversations: page.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
      visitorName: row.visitor_name,
      widgetName: row.widget_name,
      assigneeName: row.assignee_name,
      firstResponseSeconds: row.first_response,
      resolutionSeconds: row.resolution,
    })),
    nextCursor: last && encodeInboxCursor({ at: Number(last.at), id: last.id }),
  };
}
