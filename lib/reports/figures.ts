import 'server-only';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { rowsOf } from '@/lib/db/types';
import type { SignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { nameOf } from '@/lib/conversations/operators';
import { reportRows } from './rows';
import { daysOf, type ReportPeriod } from './schema';
import type { Durations, Figures, Report } from './types';

type Percentiles = [number, number] | null;
type Row = {
  g_day: number;
  g_operator: number;
  g_widget: number;
  day: string | null;
  assignee_uid: string | null;
  widget_id: string | null;
  operator_name: string | null;
  widget_name: string | null;
  started: number;
  responded: number;
  resolved: number;
  first_response: Percentiles;
  first_response_business: Percentiles;
  resolution: Percentiles;
  resolution_business: Percentiles;
};

const percentiles = (column: string) =>
  sql.raw(`percentile_cont(array[0.5, 0.9]) within group (order by r.${column}) as ${column}`);

// To the millisecond: percentile_cont interpolates in floating point (188,400.00000000003 s says nothing more).
const seconds = (value: number | undefined) =>
  value === undefined || value === null ? null : Math.round(value * 1000) / 1000;
const durations = (values: Percentiles): Durations => ({ median: seconds(values?.[0]), p90: seconds(values?.[1]) });

function figuresOf(row: Row | undefined): Figures {
  return {
    started: row?.started ?? 0,
    responded: row?.responded ?? 0,
    resolved: row?.resolved ?? 0,
    firstResponse: {
      ...durations(row?.first_response ?? null),
      businessHours: durations(row?.first_response_business ?? null),
    },
    resolution: { ...durations(row?.resolution ?? null), businessHours: durations(row?.resolution_business ?? null) },
  };
}

/** The ISO dates from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const first = Date.parse(from);
  return Array.from({ length: daysOf(from, to) }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * The workspace's report for the period (owners and admins: `reports.read`): one pass over its conversations
 * started then, grouped at once for the whole period, each day in `tz`, each operator (the assignee) and each
 * widget; medians and 90th percentiles by percentile_cont, all in SQL.
 */
export async function workspaceReport(
  operator: SignedInUser,
  workspaceId: string,
  period: ReportPeriod,
): Promise<Report> {
  await requirePermission(operator, workspaceId, 'reports.read');
  const db = await database();
  const rows = rowsOf<Row>(
    await db.execute(sql`select g.*,
        case when g.g_operator = 0 and g.assignee_uid is not null then ${nameOf(sql`g.assignee_uid`)} end as operator_name,
        (select w.name from widgets w where w.id = g.widget_id) as widget_name
      from (
        select grouping(r.day)::int as g_day, grouping(r.assignee_uid)::int as g_operator,
          grouping(r.widget_id)::int as g_widget, r.day::text as day, r.assignee_uid, r.widget_id,
          count(*)::int as started, count(r.first_response)::int as responded, count(r.resolution)::int as resolved,
          ${percentiles('first_response')}, ${percentiles('first_response_business')},
          ${percentiles('resolution')}, ${percentiles('resolution_business')}
        from (${reportRows(workspaceId, period)}) r
        group by grouping sets ((), (r.day), (r.assignee_uid), (r.widget_id))
      ) g`),
  );
  const byDay = new Map(rows.filter((row) => row.g_day === 0).map((row) => [row.day, row]));
  const totals = rows.find((row) => row.g_day + row.g_operator + row.g_widget === 3);
  return {
    period,
    totals: figuresOf(totals),
    days: daysFrom(period.from, period.to).map((day) => ({ day, ...figuresOf(byDay.get(day)) })),
    operators: rows
      .filter((row) => row.g_operator === 0)
      .map((row) => ({ uid: row.assignee_uid, name: row.operator_name, ...figuresOf(row) }))
      // The most conversations first; the unassigned ones after the operators with as many.
      .sort(
        (a, b) =>
          b.started - a.started ||
          Number(a.uid === null) - Number(b.uid === null) ||
          (a.name ?? '').localeCompare(b.name ?? ''),
      ),
    widgets: rows
      .filter((row) => row.g_widget === 0)
      .map((row) => ({ id: row.widget_id!, name: row.widget_name ?? '', ...figuresOf(row) }))
      .sort((a, b) => b.started - a.started || a.name.localeCompare(b.name)),
  };
}
