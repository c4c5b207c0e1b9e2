'use client';

import { useEffect, useMemo, useState } from 'react';
import { $fetch } from 'ofetch';
import { useInBrowser } from '@/lib/client/in-browser';
import { readApiError } from '@/lib/client/api-error';
import { fill, type Messages } from '@/lib/i18n/slices';
import type { Report } from '@/lib/reports/types';
import { Card } from '@/components/ui/card';
import { BarChart } from './bar-chart';
import { FiguresTable, type FiguresRow } from './figures-table';
import { drillHref, minutes, type Drill } from './format';
import { PRESETS, lastDays, todayIn } from './period';

type Labels = Messages['Dashboard']['reports'];
type Period = { from: string; to: string };

const TEAL = '#0f766e';
const AMBER = '#b45309';
const INDIGO = '#4338ca';

/**
 * A workspace's reports over a period the operator picks (days in their own time zone): the totals, and per day,
 * operator and widget a chart with its numbers as a table beside it, each figure linking to its conversations;
 * and the period's CSV export.
 */
export function Reports({
  api,
  drillPath,
  labels,
  locale,
}: {
  api: string;
  drillPath: string;
  labels: Labels;
  locale: string;
}) {
  const inBrowser = useInBrowser();
  const zone = inBrowser ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : 'UTC';
  const [preset, setPreset] = useState<string>('30');
  const [custom, setCustom] = useState<Period | null>(null);
  const period = useMemo(
    () => (preset === 'custom' && custom ? custom : lastDays(Number(preset === 'custom' ? 30 : preset), todayIn(zone))),
    [preset, custom, zone],
  );
  const [loaded, setLoaded] = useState<{ key: string; report: Report } | { key: string; error: string } | null>(null);
  const query = new URLSearchParams({ ...period, tz: zone }).toString();

  useEffect(() => {
    if (!inBrowser) return;
    let current = true;
    $fetch<Report>(`${api}?${query}`).then(
      (report) => current && setLoaded({ key: query, report }),
      (caught) => {
        // A custom period the server refuses says why (its field's sentence), anything else the general text.
        const reading = readApiError(caught);
        if (current)
          setLoaded({ key: query, error: Object.values(reading.fields)[0] ?? reading.message ?? labels.failed });
      },
    );
    return () => {
      current = false;
    };
  }, [api, query, inBrowser, labels.failed]);

  const hrefOf = (drill: Drill) => drillHref(drillPath, { ...period, tz: zone }, drill);
  const answer = loaded?.key === query ? loaded : null;
  const report = answer && 'report' in answer ? answer.report : null;
  const failed = answer && 'error' in answer ? answer.error : null;
  const dayName = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

  return (
    <div className="space-y-6">
      <Card>
        <form className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
          <label className="flex flex-col text-sm font-medium text-slate-800">
            {labels.period.preset}
            <select
              className="mt-1 rounded border border-slate-300 px-2 py-1.5"
              value={preset}
              onChange={(event) => {
                setPreset(event.target.value);
                if (event.target.value === 'custom') setCustom((was) => was ?? period);
              }}
            >
              {PRESETS.map((days) => (
                <option key={days} value={String(days)}>
                  {fill(labels.period.last, { days })}
                </option>
              ))}
              <option value="custom">{labels.period.custom}</option>
            </select>
          </label>
          {preset === 'custom' &&
            (['from', 'to'] as const).map((edge) => (
              <label key={edge} className="flex flex-col text-sm font-medium text-slate-800">
                {labels.period[edge]}
                <input
                  type="date"
                  className="mt-1 rounded border border-slate-300 px-2 py-1.5"
                  value={period[edge]}
                  onChange={(event) => event.target.value && setCustom({ ...period, [edge]: event.target.value })}
                />
              </label>
            ))}
          <p className="text-sm text-slate-700">{fill(labels.period.zone, { zone })}</p>
          <a
            className="ml-auto font-semibold text-brand-700 underline"
            href={`${api}/conversations.csv?${query}&locale=${locale}`}
          >
            {labels.export}
          </a>
        </form>
      </Card>
      {failed ? (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      ) : !report ? (
        <p aria-live="polite" className="text-slate-700">
          {labels.loading}
        </p>
      ) : (
        <ReportFigures report={report} labels={labels} locale={locale} hrefOf={hrefOf} dayName={dayName} />
      )}
    </div>
  );
}

function ReportFigures({
  report,
  labels,
  locale,
  hrefOf,
  dayName,
}: {
  report: Report;
  labels: Labels;
  locale: string;
  hrefOf: (drill: Drill) => string;
  dayName: Intl.DateTimeFormat;
}) {
  const table = { labels, locale, hrefOf };
  const days: FiguresRow[] = report.days.map((day) => ({
    key: day.day,
    label: dayName.format(Date.parse(day.day)),
    figures: day,
    drill: { day: day.day },
  }));
  const operators: FiguresRow[] = report.operators.map((operator) => ({
    key: operator.uid ?? '',
    label: operator.name ?? labels.unassigned,
    figures: operator,
    drill: { operator: operator.uid ?? 'none' },
  }));
  const widgets: FiguresRow[] = report.widgets.map((widget) => ({
    key: widget.id,
    label: widget.name,
    figures: widget,
    drill: { widget: widget.id },
  }));
  const countSeries = (rows: FiguresRow[]) => [
    { label: labels.columns.started, values: rows.map((row) => row.figures.started), colour: TEAL },
  ];
  const timeSeries = (rows: FiguresRow[]) => [
    {
      label: labels.charts.firstResponse,
      values: rows.map((row) => minutes(row.figures.firstResponse.median)),
      colour: AMBER,
    },
    {
      label: labels.charts.resolution,
      values: rows.map((row) => minutes(row.figures.resolution.median)),
      colour: INDIGO,
    },
  ];
  const section = (id: 'days' | 'operators' | 'widgets', rows: FiguresRow[], first: string) => (
    <Card key={id} title={labels[id].title} titleId={`reports-${id}`}>
      {rows.length === 0 ? (
        <p className="text-slate-700">{labels.noData}</p>
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="space-y-6" data-chart={id}>
            <BarChart
              title={labels[id].started}
              note={labels.chartNote}
              labels={rows.map((row) => row.label)}
              series={countSeries(rows)}
            />
            <BarChart
              title={labels[id].times}
              note={labels.chartNote}
              labels={rows.map((row) => row.label)}
              series={timeSeries(rows)}
            />
          </div>
          <FiguresTable caption={labels[id].table} first={first} rows={rows} {...table} />
        </div>
      )}
    </Card>
  );
  return (
    <>
      <Card title={labels.totals.title} titleId="reports-totals">
        <FiguresTable
          caption={labels.totals.table}
          first={labels.columns.period}
          rows={[{ key: 'all', label: labels.totals.all, figures: report.totals, drill: {} }]}
          {...table}
        />
      </Card>
      {section('days', days, labels.columns.day)}
      {section('operators', operators, labels.columns.operator)}
      {section('widgets', widgets, labels.columns.widget)}
    </>
  );
}
