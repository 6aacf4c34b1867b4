import { type FormEvent, useId, useState } from 'react';
import { REVIEW_TEXT_MAX_CHARS } from '#domain/reviews/review.constants.ts';
import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import type { Review } from '#domain/reviews/review.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveReview } from '../api/save-review.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Stars (a radio group: arrow keys move between them) and optional text; posts or edits the caller's review. */
export interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string;
  counterpartName: string;
  existing?: Review | null;
}

export function ReviewDialog({ open, onOpenChange, productId, counterpartName, existing }: ReviewDialogProps) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [text, setText] = useState(existing?.text ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveReview();
  const groupId = useId();
  const textId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError(m.ratingRequired);
      return;
    }
    save.mutate(
      { productId, ...(existing ? { reviewId: existing._id } : {}), rating, text },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg);
          onOpenChange(false);
        },
        onError: (failure) => setError(messageOf(failure, m.failedToPost)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.reviewDialogTitle(counterpartName)} description={m.reviewDialogHint}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset>
          <legend id={groupId} className="mb-1 block text-sm font-medium text-slate-800">
            {m.starsField}
          </legend>
          <div role="radiogroup" aria-labelledby={groupId} className="flex gap-1">
            {STARS.map((star) => (
              <label key={star} className="cursor-pointer">
                <input
                  type="radio"
                  name="stars"
                  value={star}
                  checked={rating === star}
                  onChange={() => {
                    setRating(star);
                    setError(undefined);
                  }}
                  className="peer sr-only"
                  aria-label={m.starsLabel(star)}
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex h-11 w-11 items-center justify-center rounded-lg text-2xl ring-1 ring-slate-200 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                    star <= rating ? 'bg-amber-50 text-amber-500' : 'bg-white text-slate-400',
                  )}
                >
                  ★
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={textId} label={m.textField} hint={`${text.length} / ${REVIEW_TEXT_MAX_CHARS}`}>
          <Textarea rows={4} maxLength={REVIEW_TEXT_MAX_CHARS} value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {m.cancel}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {existing ? m.save : m.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
