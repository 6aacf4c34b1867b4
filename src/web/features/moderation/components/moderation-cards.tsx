import { EyeOff, Flag, Gavel, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import { paths } from '#web/config/paths.ts';
import { useModerationSummary } from '../api/moderation.ts';

/** What an operator opens first each morning: each count links to its queue. */
export function ModerationCards() {
  const summary = useModerationSummary();
  const data = summary.data;
  const weeks = data?.actionsPerWeek.map((week) => week.count) ?? [];
  const cards = [
    { label: t.cardOpenReports, hint: t.cardOpenReportsHint, icon: Flag, value: data?.openReports, to: paths.admin.reports },
    { label: t.cardHidden, hint: t.cardHiddenHint, icon: EyeOff, value: data?.hiddenPendingReview, to: paths.admin.reports },
    { label: t.cardFailedJobs, hint: t.cardFailedJobsHint, icon: TriangleAlert, value: data?.failedJobs, to: paths.admin.jobs },
    {
      label: t.cardActions,
      hint: t.cardActionsHint(weeks.slice(-5, -1)),
      icon: Gavel,
      value: weeks.at(-1),
      to: paths.admin.audit,
    },
  ];
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      aria-label="Moderation"
      aria-busy={summary.isPending || undefined}
    >
      {cards.map(({ label, hint, icon: Icon, value, to }) => (
        <li key={label}>
          <Link
            to={to}
            className="flex h-full min-w-0 flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:ring-2 sm:p-5"
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
              {label}
            </span>
            <span className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{value ?? '–'}</span>
            <span className="mt-1 text-xs text-slate-600">{hint}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
