import { useId } from 'react';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { BarChartView, type ChartRow } from './bar-chart-view.tsx';
import { formatCount } from './format-count.ts';

export interface ChartCardProps {
  title: string;
  description?: string;
  /** Column headers of the screen-reader table: what the labels are, what the numbers count. */
  headers: [string, string];
  layout: 'rows' | 'columns';
  rows: ChartRow[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Shown instead of the chart when every number is zero. */
  emptyText: string;
}

/**
 * One statistic as a card: a chart for the eye, the same numbers as a table for screen readers
 * (visually hidden), a skeleton while loading, a line when it failed or has nothing to show.
 */
export function ChartCard({ title, description, headers, layout, rows, isPending, isError, emptyText }: ChartCardProps) {
  const headingId = useId();
  const empty = rows !== undefined && rows.every((row) => row.value === 0);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">
        {isPending ? (
          <Skeleton className="h-56 w-full" />
        ) : isError || !rows ? (
          <p role="alert" className="py-10 text-center text-sm text-red-700">
            {m.loadFailed}
          </p>
        ) : empty ? (
          <p className="py-10 text-center text-sm text-slate-600">{emptyText}</p>
        ) : (
          <>
            <div aria-hidden="true">
              <BarChartView rows={rows} layout={layout} />
            </div>
            <table className="sr-only">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{headers[0]}</th>
                  <th scope="col">{headers[1]}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{formatCount(row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </section>
  );
}
