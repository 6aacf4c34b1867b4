import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { FailedJob } from '#domain/jobs/jobs.wire.ts';
import { jobMessages } from '#domain/jobs/job.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { formatTimeAgo } from '#web/lib/format-date.ts';
import { useDiscardJob, useJobsOverview, useRetryJob } from './api/jobs.ts';

/** /admin/jobs: queued, running and failed jobs by kind; failed ones with their last error, to retry or discard. */
export function JobsPage() {
  const overview = useJobsOverview();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <PageTitle>{jobMessages.heading}</PageTitle>
        <p className="text-sm text-slate-700">{jobMessages.intro}</p>
      </div>
      {overview.isPending ? (
        <div role="status" aria-label={jobMessages.loading} className="h-40 animate-pulse rounded-2xl bg-slate-200" />
      ) : overview.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(overview.error, jobMessages.loadFailed)}
        </p>
      ) : (
        <>
          <KindCounts kinds={overview.data.kinds} />
          <FailedJobs jobs={overview.data.failed} />
        </>
      )}
    </div>
  );
}

function KindCounts({ kinds }: { kinds: { kind: string; queued: number; active: number; failed: number }[] }) {
  // Tight on phones so all four columns fit 375 px without scrolling.
  const cell = 'px-2 py-3 text-right tabular-nums sm:px-4';
  return (
    // Scrolls sideways on narrow screens, so it takes focus for keyboard scrolling.
    <div
      role="region"
      aria-label={jobMessages.countsLabel}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full text-xs sm:text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 text-left font-semibold sm:px-4">
              {jobMessages.kindColumn}
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              {jobMessages.queuedColumn}
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              {jobMessages.activeColumn}
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              {jobMessages.failedColumn}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {kinds.map((row) => (
            <tr key={row.kind}>
              <th scope="row" className="px-3 py-3 text-left font-mono text-xs font-medium text-slate-900 sm:px-4 sm:text-sm">
                {row.kind}
              </th>
              <td className={cell}>{row.queued}</td>
              <td className={cell}>{row.active}</td>
              <td className={`${cell} ${row.failed > 0 ? 'font-semibold text-red-700' : ''}`}>{row.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FailedJobs({ jobs }: { jobs: FailedJob[] }) {
  const retry = useRetryJob();
  const discard = useDiscardJob();
  const [discarding, setDiscarding] = useState<FailedJob | null>(null);

  const onRetry = (job: FailedJob) =>
    retry.mutate(job._id, {
      onSuccess: (answer) => toast.success(answer.msg),
      onError: (error) => toast.error(messageOf(error, jobMessages.retryFailed)),
    });
  const onDiscard = () => {
    if (!discarding) return;
    discard.mutate(discarding._id, {
      onSuccess: (answer) => {
        toast.success(answer.msg);
        setDiscarding(null);
      },
      onError: (error) => toast.error(messageOf(error, jobMessages.discardFailed)),
    });
  };

  return (
    <section aria-labelledby="failed-jobs-heading" className="space-y-3">
      <h2 id="failed-jobs-heading" className="text-lg font-semibold text-slate-900">
        {jobMessages.failedHeading}
      </h2>
      {jobs.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">{jobMessages.noFailed}</p>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <li key={job._id} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-mono text-sm font-semibold text-slate-900">{job.kind}</p>
                <p className="text-xs text-slate-600">
                  {jobMessages.failedAt} {job.failedAt ? formatTimeAgo(job.failedAt) : ''} · {jobMessages.attempts(job.attempts)}
                </p>
              </div>
              {job.summary && <p className="break-words text-sm text-slate-800">{job.summary}</p>}
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{jobMessages.lastError}</p>
                <p className="mt-1 break-words rounded-lg bg-red-50 px-3 py-2 font-mono text-xs text-red-800">{job.lastError}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  busy={retry.isPending && retry.variables === job._id}
                  onClick={() => onRetry(job)}
                >
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  {jobMessages.retry}
                  <span className="sr-only"> {job.summary ?? job.kind}</span>
                </Button>
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDiscarding(job)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {jobMessages.discard}
                  <span className="sr-only"> {job.summary ?? job.kind}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={jobMessages.discardConfirmTitle}
        description={jobMessages.discardConfirm}
        confirmLabel={jobMessages.discard}
        onConfirm={onDiscard}
        busy={discard.isPending}
      />
    </section>
  );
}
