import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatCount } from './format-count.ts';

export interface Stat {
  label: string;
  hint: string;
  icon: LucideIcon;
  /** undefined while loading or when the call failed. */
  value: number | undefined;
}

/** The totals on top of the dashboard, two a row on phones, five on large screens. */
export function StatCards({ stats, loading }: { stats: Stat[]; loading: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-busy={loading || undefined}>
      {stats.map(({ label, hint, icon: Icon, value }) => (
        <div key={label} className="flex min-w-0 flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {value !== undefined ? formatCount(value) : loading ? <Skeleton className="h-8 w-16" /> : '–'}
          </dd>
          <dd className="mt-1 text-xs text-slate-600">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
