import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { auditActionLabels, type AuditAction } from '#domain/moderation/audit.ts';
import { moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import {
  type ModerationAction,
  SUSPENSION_DAYS,
  type SuspensionDays,
  moderationActionLabels,
  reportReasonLabels,
} from '#domain/moderation/moderation.ts';
import type { ReportGroup } from '#domain/moderation/moderation.wire.ts';
import { reviewMessages } from '#domain/reviews/review.messages.ts';
import { meetupMessages } from '#domain/meetups/meetup.messages.ts';
import { Link } from 'react-router';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '#web/components/ui/field.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { formatLongDate, formatTimeAgo } from '#web/lib/format-date.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAddProhibitedWord,
  useModerationAction,
  useProhibitedWords,
  useRemoveProhibitedWord,
  useReportQueue,
} from './api/moderation.ts';

/** /admin/reports: the moderation queue, then the prohibited words. */
export function ReportsPage() {
  const queue = useReportQueue();
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <PageTitle>{t.queueHeading}</PageTitle>
        <p className="text-sm text-slate-700">{t.queueIntro}</p>
        {/* Phones have no rail: the safe spots are reached from here. */}
        <Link to={paths.admin.safeSpots} className="text-sm font-medium text-brand-700 underline lg:hidden">
          {meetupMessages.adminTitle}
        </Link>
      </div>
      {queue.isPending ? (
        <div role="status" aria-label={t.queueLoading} className="h-40 animate-pulse rounded-2xl bg-slate-200" />
      ) : queue.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(queue.error, t.queueLoadFailed)}
        </p>
      ) : queue.data.groups.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t.queueEmpty}</p>
      ) : (
        <ul className="space-y-4" aria-label={t.queueHeading}>
          {queue.data.groups.map((group) => (
            <li key={`${group.targetType}:${group.targetId}`}>
              <ReportGroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
      <ProhibitedWords />
    </div>
  );
}

function actionsFor(group: ReportGroup): ModerationAction[] {
  const onUser: ModerationAction[] = group.user && !group.user.isAdmin ? ['warn', 'suspend', 'ban'] : [];
  const held = group.user && (group.user.banned || group.user.suspendedUntil);
  return [
    'dismiss',
    ...(group.targetType === 'listing' && group.listing ? (['remove-listing'] as const) : []),
    ...(group.targetType === 'review' && group.review && !group.review.removed ? (['remove-review'] as const) : []),
    ...onUser,
    ...(held ? (['lift'] as const) : []),
  ];
}

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {group.listing
            ? group.listing.title
            : group.message
              ? `Message by ${group.message.authorName}`
              : group.review
                ? t.reviewHeading(group.review.authorName, group.review.subjectName)
                : (group.user?.userName ?? group.targetId)}
        </h2>
        <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800">
          {t.reportsCount(group.reportCount)}
        </span>
      </header>

      {group.listing && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex gap-2 overflow-x-auto">
            {group.listing.images.slice(0, 3).map((image, index) => (
              <img
                key={image.url}
                src={image.url}
                alt={`Photo ${index + 1} of ${group.listing!.title}`}
                width={96}
                height={96}
                className="h-24 w-24 shrink-0 rounded-lg object-cover"
              />
            ))}
          </div>
          <div className="min-w-0 space-y-1 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">₹{group.listing.price}</p>
            <p className="line-clamp-3 whitespace-pre-line break-words">{group.listing.description}</p>
            {group.listing.hidden && (
              <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t.hiddenBadge}
              </span>
            )}
          </div>
        </div>
      )}

      {group.message && (
        <ol className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Conversation">
          {group.message.context.map((line) => (
            <li
              key={line._id}
              className={line.reported ? 'rounded bg-red-50 p-1 font-medium text-red-900' : 'p-1 text-slate-700'}
            >
              <span className="font-semibold">{line.authorName}:</span>{' '}
              <span className="whitespace-pre-line break-words">{line.body}</span>
            </li>
          ))}
        </ol>
      )}

      {group.review && (
        <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            {reviewMessages.starsLabel(group.review.rating)} · {reviewMessages.forListing(group.review.productTitle)}
          </p>
          {group.review.text && <p className="whitespace-pre-line break-words">{group.review.text}</p>}
          {group.review.removed && <p className="font-semibold text-red-800">{t.reviewRemovedBadge}</p>}
        </div>
      )}

      {group.user && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <img src={group.user.profilePicture.url} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
          <a className="font-medium text-brand-700 underline" href={paths.user.profile(group.user._id)}>
            {group.user.userName}
          </a>
          {group.user.banned && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t.bannedBadge}</span>
          )}
          {group.user.suspendedUntil && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t.suspendedUntil(formatLongDate(group.user.suspendedUntil))}
            </span>
          )}
        </p>
      )}

      <ul className="space-y-2 text-sm" aria-label="Reasons">
        {group.reports.map((report) => (
          <li key={report._id} className="rounded-lg border border-slate-200 p-2">
            <span className="font-semibold text-slate-900">{reportReasonLabels[report.reason]}</span>
            <span className="text-slate-600">
              {' '}
              · {report.reporterName} · {formatTimeAgo(report.createdAt)}
            </span>
            {report.details && <p className="mt-1 whitespace-pre-line break-words text-slate-700">{report.details}</p>}
          </li>
        ))}
      </ul>

      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">{t.historyHeading}</summary>
        {group.history.earlierReports.length + group.history.actions.length === 0 ? (
          <p className="mt-2">{t.noHistory}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {group.history.actions.map((entry) => (
              <li key={`${entry.action}-${entry.createdAt}`}>
                {auditActionLabels[entry.action as AuditAction] ?? entry.action} · {formatLongDate(entry.createdAt)}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </li>
            ))}
            {group.history.earlierReports.map((entry) => (
              <li key={`${entry.reason}-${entry.createdAt}`}>
                {reportReasonLabels[entry.reason]} ({entry.targetType}) · {entry.outcome ?? ''} ·{' '}
                {formatLongDate(entry.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </details>

      <div className="flex flex-wrap gap-2">
        {actionsFor(group).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === 'dismiss' || value === 'lift' ? 'secondary' : 'danger'}
            onClick={() => setAction(value)}
          >
            {moderationActionLabels[value]}
          </Button>
        ))}
      </div>
      {action && <ActionDialog group={group} action={action} onClose={() => setAction(null)} />}
    </article>
  );
}

function ActionDialog({ group, action, onClose }: { group: ReportGroup; action: ModerationAction; onClose: () => void }) {
  const id = useId();
  const act = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<SuspensionDays>(7);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Write the reason for this action (it is sent to the user).');
      return;
    }
    act.mutate(
      { action, targetType: group.targetType, targetId: group.targetId, reason, ...(action === 'suspend' ? { days } : {}) },
      {
        onSuccess: onClose,
        onError: (failure) => setError(messageOf(failure, t.actionFailed)),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t.actionDialogTitle(moderationActionLabels[action])}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {action === 'suspend' && (
          <Field id={`${id}-days`} label={t.daysLabel}>
            <Select value={days} onChange={(event) => setDays(Number(event.target.value) as SuspensionDays)}>
              {SUSPENSION_DAYS.map((value) => (
                <option key={value} value={value}>
                  {value === 1 ? '1 day' : `${value} days`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field id={`${id}-reason`} label={t.actionReasonLabel} error={error}>
          <Textarea rows={4} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" busy={act.isPending} variant={action === 'dismiss' || action === 'lift' ? 'primary' : 'danger'}>
            {t.confirmAction}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ProhibitedWords() {
  const id = useId();
  const words = useProhibitedWords();
  const add = useAddProhibitedWord();
  const remove = useRemoveProhibitedWord();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(word, {
      onSuccess: (answer) => {
        toast.success(answer.msg);
        setWord('');
        setError(undefined);
      },
      onError: (failure) => setError(messageOf(failure, t.actionFailed)),
    });
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t.wordsHeading}
      </h2>
      <p className="text-sm text-slate-700">{t.wordsIntro}</p>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field id={`${id}-word`} label={t.wordLabel} error={error}>
            <Input value={word} onChange={(event) => setWord(event.target.value)} maxLength={50} />
          </Field>
        </div>
        <Button type="submit" busy={add.isPending}>
          {t.addWord}
        </Button>
      </form>
      {words.data && words.data.words.length === 0 && <p className="text-sm text-slate-600">{t.wordsEmpty}</p>}
      <ul className="flex flex-wrap gap-2">
        {words.data?.words.map((entry) => (
          <li
            key={entry.word}
            className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800"
          >
            {entry.word}
            <button
              type="button"
              className="rounded-full p-1 hover:bg-slate-200"
              aria-label={t.removeWord(entry.word)}
              onClick={() => remove.mutate(entry.word, { onError: (failure) => toast.error(messageOf(failure, t.actionFailed)) })}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
