import { ChartNoAxesColumn } from 'lucide-react';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';

/** A new install: nothing listed yet, so there is nothing to chart. */
export function NoListings() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200">
      <ChartNoAxesColumn className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">{m.noListingsTitle}</h2>
      <p className="max-w-md text-slate-600">{m.noListings}</p>
    </div>
  );
}
