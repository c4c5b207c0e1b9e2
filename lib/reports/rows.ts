import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportPeriod } from './schema';

const WEEKDAY_NAMES = sql.raw(`array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']`);

/**
 * Seconds from `start` to `end` that fall in the opening hours of `hours` (a widget's business_hours: a time zone
 * and per weekday `from`/`to`), day by day in its time zone; every second where the widget has no schedule. A span
 * within one day (most first answers) is one expression; only longer ones go through the days' series.
 */
export function businessSeconds(start: SQL, end: SQL, hours: SQL): SQL {
  const zone = sql`(${hours}->>'timeZone')`;
  const weekday = (day: SQL) => sql`(${WEEKDAY_NAMES})[extract(isodow from ${day})::int]`;
  const at = (day: SQL, edge: 'from' | 'to') =>
    sql`((${day} + (${hours}->'days'->${weekday(day)}->>${sql.raw(`'${edge}'`)})::time) at time zone ${zone})`;
  // The seconds of [start, end] within the opening hours of local date `day` (none on a closed day).
  const within = (day: SQL) => sql`case when ${hours}->'days'->${weekday(day)} is null then 0
    else greatest(0, extract(epoch from least(${end}, ${at(day, 'to')}) - greatest(${start}, ${at(day, 'from')}))) end`;
  const startDay = sql`(${start} at time zone ${zone})::date`;
  const endDay = sql`(${end} at time zone ${zone})::date`;
  return sql`case
    when ${end} is null then null
    when ${hours} is null or ${hours}->'days' = '{}'::jsonb then extract(epoch from ${end} - ${start})::float8
    when ${startDay} = ${endDay} then (${within(startDay)})::float8
    else (select coalesce(sum(${within(sql`g.day::date`)}), 0)::float8
      from generate_series(${startDay}, ${endDay}, interval '1 day') g(day))
    end`;
}

/** The first instant of ISO date `day` in `tz`. */
export const startOfDay = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;
/** The first instant after ISO date `day` in `tz`. */
export const endOfDay = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/**
 * One row per conversation of the workspace started in the period (`c`), with its widget (`w`), its day in `tz`,
 * its first operator answer and its first-response and resolution times in seconds (overall and in business
 * hours). `where` narrows it further, on the conversation `c`, its widget `w` and its first answer `f`.
 */
export function reportRows(workspaceId: string, period: ReportPeriod, where: SQL = sql`true`): SQL {
  const { from, to, tz } = period;
  return sql`select c.id, c.widget_id, c.assignee_uid, c.visitor_id, c.status, c.locale, c.created_at, c.page_url,
      case when c.status = 'closed' then c.closed_at end as closed_at, f.at as first_response_at,
      (c.created_at at time zone ${tz})::date as day,
      extract(epoch from f.at - c.created_at)::float8 as first_response,
      ${businessSeconds(sql`c.created_at`, sql`f.at`, sql`w.business_hours`)} as first_response_business,
      case when c.status = 'closed' then extract(epoch from c.closed_at - c.created_at)::float8 end as resolution,
      case when c.status = 'closed' then ${businessSeconds(sql`c.created_at`, sql`c.closed_at`, sql`w.business_hours`)} end
        as resolution_business
    from conversations c
    join widgets w on w.id = c.widget_id
    left join lateral (
      select m.created_at as at from conversation_messages m
      where m.conversation_id = c.id and m.sender = 'operator' order by m.id limit 1
    ) f on true
    where c.workspace_id = ${workspaceId} and c.created_at >= ${startOfDay(from, tz)}
      and c.created_at < ${endOfDay(to, tz)} and ${where}`;
}
