import { type FormEvent, useId, useState } from 'react';
import { MEETUP_MIN_LEAD_MS } from '#domain/meetups/meetup.constants.ts';
import { meetupMessages as m } from '#domain/meetups/meetup.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSafeSpots } from '../api/get-safe-spots.ts';
import { useProposeMeetup } from '../api/meetup-actions.ts';
import { toLocalInputValue } from './meetup-time.ts';

/** A safe spot and a date and time: proposes a meet-up (or suggests another one). */
export function ProposeMeetupDialog({
  open,
  onOpenChange,
  conversationId,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  title: string;
}) {
  const spots = useSafeSpots(open);
  const propose = useProposeMeetup(conversationId);
  const [spotId, setSpotId] = useState('');
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const spotField = useId();
  const timeField = useId();
  const [min] = useState(() => toLocalInputValue(new Date(Date.now() + MEETUP_MIN_LEAD_MS)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = spotId || spots.data?.[0]?._id || '';
    if (!chosen) return setError(m.spotNotFound);
    if (!when) return setError(m.timeRequired);
    const meetAt = new Date(when);
    if (Number.isNaN(meetAt.getTime())) return setError(m.timeRequired);
    propose.mutate(
      { spotId: chosen, meetAt: meetAt.toISOString() },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg);
          onOpenChange(false);
        },
        onError: (failure) => setError(messageOf(failure, m.failed)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={m.dialogHint}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id={spotField} label={m.spotField}>
          <Select value={spotId || spots.data?.[0]?._id || ''} onChange={(event) => setSpotId(event.target.value)}>
            {(spots.data ?? []).map((spot) => (
              <option key={spot._id} value={spot._id}>
                {spot.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={timeField} label={m.timeField}>
          <Input type="datetime-local" min={min} value={when} onChange={(event) => setWhen(event.target.value)} required />
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
          <Button type="submit" busy={propose.isPending}>
            {m.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
