import { type FormEvent, useId, useState } from 'react';
import type { SavedSearchCriteriaInput } from '#domain/alerts/saved-search.schemas.ts';
import {
  DEFAULT_SAVED_SEARCH_FREQUENCY,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX_CHARS,
  type SavedSearchFrequency,
  savedSearchFrequencyLabels,
  savedSearchMessages as m,
} from '#domain/alerts/saved-search.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSaveSearch } from '../api/saved-searches.ts';

/** A name the search suggests for itself: its text, else its categories, else "All listings". */
function suggestedName(criteria: SavedSearchCriteriaInput): string {
  const categories = Array.isArray(criteria.category) ? criteria.category : criteria.category ? [criteria.category] : [];
  const name = criteria.q?.trim() || categories.join(', ') || 'All listings';
  return name.slice(0, SAVED_SEARCH_NAME_MAX_CHARS);
}

export interface SaveSearchDialogProps {
  criteria: SavedSearchCriteriaInput;
  onClose: () => void;
}

/** Names the current search and how its matches are mailed (issue 24). Mounted when opened. */
export function SaveSearchDialog({ criteria, onClose }: SaveSearchDialogProps) {
  const save = useSaveSearch();
  const [name, setName] = useState(() => suggestedName(criteria));
  const [frequency, setFrequency] = useState<SavedSearchFrequency>(DEFAULT_SAVED_SEARCH_FREQUENCY);
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(m.nameRequired);
      return;
    }
    save.mutate(
      { name: name.trim(), criteria, frequency },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg);
          onClose();
        },
        onError: (failure) => setError(messageOf(failure, m.tooMany)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={m.saveThisSearch} description={m.saveIntro}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id={`${id}-name`} label="Name" error={error}>
          <Input
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX_CHARS}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
        </Field>
        <Field id={`${id}-frequency`} label={m.frequencyLabel}>
          <Select value={frequency} onChange={(event) => setFrequency(event.target.value as SavedSearchFrequency)}>
            {SAVED_SEARCH_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {savedSearchFrequencyLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
