import { type FormEvent, useId, useState } from 'react';
import {
  MESSAGE_REPORT_REASONS,
  type MessageReportReason,
  REPORT_DETAILS_MAX,
  REPORT_OTHER_MIN,
  messageReportMessages as m,
} from '#domain/conversations/conversation-ui.messages.ts';
import type { Message } from '#domain/conversations/conversation.wire.ts';
import { ApiError } from '#web/api/api-client.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useReportMessage } from '../api/report-message.ts';

export interface ReportMessageDialogProps {
  message: Message;
  onClose: () => void;
}

/** Why a report cannot be sent yet, if it cannot. */
function problemOf(reason: MessageReportReason | undefined, details: string): string | undefined {
  if (!reason) return m.reasonRequired;
  if (details.trim().length > REPORT_DETAILS_MAX) return m.detailsTooLong;
  if (reason === 'other' && details.trim().length < REPORT_OTHER_MIN) return m.otherNeedsText;
  return undefined;
}

/** Report one message: a reason (Other needs words), optional details, sent to the admins' queue. */
export function ReportMessageDialog({ message, onClose }: ReportMessageDialogProps) {
  const [reason, setReason] = useState<MessageReportReason | undefined>();
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const report = useReportMessage();
  const detailsId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(reason, details);
    setProblem(found);
    if (found || !reason) return;
    report.mutate(
      { messageId: message._id, reason, details },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg || m.reported);
          onClose();
        },
        onError: (error) => {
          // Reporting twice is no failure: say so and close.
          if (error instanceof ApiError && error.status === 409) {
            toast.info(error.msg ?? m.alreadyReported);
            onClose();
          } else setProblem(messageOf(error, m.failed));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={m.title} description={m.description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{m.reasonLegend}</legend>
          {MESSAGE_REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="h-4 w-4 accent-brand-600"
              />
              {m.reasons[value]}
            </label>
          ))}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={detailsId} className="text-sm font-medium text-slate-800">
            {reason === 'other' ? m.detailsLabelRequired : m.detailsLabel}
          </label>
          <textarea
            id={detailsId}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            aria-describedby={problem ? problemId : undefined}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <p className="text-right text-xs text-slate-600">{m.detailsCount(details.length)}</p>
        </div>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {m.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
