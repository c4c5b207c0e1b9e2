'use client';

import { useEffect, useRef } from 'react';

export type Series = { label: string; values: (number | null)[]; colour: string };

/**
 * A bar chart drawn by Chart.js, which this page alone loads (a dynamic import: no other page's bundle has it).
 * The canvas is one image for screen readers; the numbers are the table beside it. What the chart was given is
 * written back onto the canvas (`data-labels`, `data-values`), so a test can hold the chart against the table.
 */
export function BarChart({
  title,
  note,
  labels,
  series,
}: {
  title: string;
  note: string;
  labels: string[];
  series: Series[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let gone = false;
    void import('chart.js').then(
      ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
        const target = canvas.current;
        if (gone || !target) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const made = new Chart(target, {
          type: 'bar',
          data: {
            labels,
            datasets: series.map((one) => ({ label: one.label, data: one.values, backgroundColor: one.colour })),
          },
          options: {
            animation: false,
            responsive: true,
            maintainAspectRatio: false,
            plugins: { legend: { display: series.length > 1 } },
            scales: { y: { beginAtZero: true } },
          },
        });
        target.dataset.labels = JSON.stringify(made.data.labels);
        target.dataset.values = JSON.stringify(made.data.datasets.map((dataset) => dataset.data));
        chart = made;
      },
    );
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [labels, series]);

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="relative h-60">
        <canvas ref={canvas} role="img" aria-label={`${title}. ${note}`} />
      </div>
    </figure>
  );
}
