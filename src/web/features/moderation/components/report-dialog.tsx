import { type FormEvent, useId, useState } from 'react';
import { moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import {
  REPORT_DETAILS_MAX_CHARS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
  reportBodySchema,
  reportReasonLabels,
} from '#domain/moderation/moderation.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/lib/toast.ts';
import { useReport } from '../api/moderation.ts';

const TITLES: Record<ReportTargetType, string> = {
  listing: t.reportListingTitle,
  user: t.reportUserTitle,
  message: t.reportMessageTitle,
  review: t.reportReviewTitle,
};

/** The report form: a reason (radio group), details, and the server's answer as a toast. */
export function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: string;
  onClose: () => void;
}) {
  const id = useId();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportBodySchema.safeParse({
      targetType,
      targetId,
      reason: reason || undefined,
      details: details || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    report.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.msg);
        onClose();
      },
      onError: (failure) => {
        toast.error(messageOf(failure, t.reportFailed));
        onClose();
      },
    });
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={TITLES[targetType]} description={t.reportIntro}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t.reasonLabel}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="h-4 w-4 accent-brand-600"
              />
              {reportReasonLabels[value]}
            </label>
          ))}
        </fieldset>
        <Field
          id={`${id}-details`}
          label={reason === 'other' ? t.detailsRequiredLabel : t.detailsLabel}
          hint={t.detailsHint}
          error={error}
        >
          <Textarea
            rows={3}
            maxLength={REPORT_DETAILS_MAX_CHARS}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" busy={report.isPending}>
            {t.sendReport}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
