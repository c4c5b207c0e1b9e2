'use client';

import type { Figures, ReportMetric } from '@/lib/reports/types';
import type { Messages } from '@/lib/i18n/slices';
import { formatDuration, type Drill } from './format';

export type FiguresRow = { key: string; label: string; figures: Figures; drill: Omit<Drill, 'metric'> };
type Labels = Messages['Dashboard']['reports'];

const COUNTS = ['started', 'responded', 'resolved'] as const;
const TIMES = [
  { figure: 'firstResponse', metric: 'responded' },
  { figure: 'resolution', metric: 'resolved' },
] as const;

/**
 * The numbers of a chart as a table (what screen readers read, and everyone who wants the exact figure): per row
 * the counts and the medians and 90th percentiles, overall and in business hours; each figure links to the
 * conversations behind it.
 */
export function FiguresTable({
  caption,
  first,
  rows,
  labels,
  locale,
  hrefOf,
}: {
  caption: string;
  first: string;
  rows: FiguresRow[];
  labels: Labels;
  locale: string;
  hrefOf: (drill: Drill) => string;
}) {
  const cell = (key: string, text: string | number, drill: Drill, empty: boolean) =>
    empty ? (
      <td key={key} className="px-2 py-1.5 text-right tabular-nums">
        {text}
      </td>
    ) : (
      <td key={key} className="px-2 py-1.5 text-right tabular-nums">
        <a className="text-brand-700 underline" href={hrefOf(drill)}>
          {text}
        </a>
      </td>
    );
  const timeCells = (row: FiguresRow, figure: 'firstResponse' | 'resolution', metric: ReportMetric) => {
    const times = row.figures[figure];
    const drill = { ...row.drill, metric };
    const none = row.figures[metric === 'responded' ? 'responded' : 'resolved'] === 0;
    return [times.median, times.p90, times.businessHours.median, times.businessHours.p90].map((value, at) =>
      cell(`${figure}${at}`, formatDuration(value, locale), drill, none),
    );
  };
  return (
    // Wider than a narrow screen: it scrolls, reachable by keyboard even on a row without links.
    <div className="min-w-0 overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="align-bottom text-slate-700">
            <th scope="col" className="px-2 py-1.5 font-semibold">
              {first}
            </th>
            {COUNTS.map((count) => (
              <th key={count} scope="col" className="px-2 py-1.5 text-right font-semibold">
                {labels.columns[count]}
              </th>
            ))}
            {TIMES.flatMap(({ figure }) =>
              (['median', 'p90', 'businessMedian', 'businessP90'] as const).map((kind) => (
                <th key={`${figure}-${kind}`} scope="col" className="px-2 py-1.5 text-right font-semibold">
                  {labels.columns[figure]} {labels.columns[kind]}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-1.5 font-medium text-slate-900">
                {row.label}
              </th>
              {COUNTS.map((count) =>
                cell(count, row.figures[count], { ...row.drill, metric: count }, row.figures[count] === 0),
              )}
              {TIMES.flatMap(({ figure, metric }) => timeCells(row, figure, metric))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
