import { Pencil, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX_CHARS,
  type SavedSearch,
  type SavedSearchFrequency,
  savedSearchFrequencyLabels,
  savedSearchMessages as m,
  savedSearchQueryString,
} from '#domain/alerts/saved-search.schemas.ts';
import { PRODUCT_SORT_LABELS } from '#domain/catalog.ts';
import { rupees } from '#domain/buy-requests/offer.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { paths } from '#web/config/paths.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches.ts';

/** One line saying what a saved search looks for. */
function summaryOf(criteria: SavedSearch['criteria']): string {
  const parts = [
    criteria.q ? `"${criteria.q}"` : null,
    criteria.category.length > 0 ? criteria.category.join(', ') : 'All categories',
    criteria.condition.length > 0 ? criteria.condition.join(', ') : null,
    criteria.minPrice !== undefined || criteria.maxPrice !== undefined
      ? `${criteria.minPrice !== undefined ? rupees(criteria.minPrice) : '₹0'} – ${criteria.maxPrice !== undefined ? rupees(criteria.maxPrice) : 'any'}`
      : null,
    PRODUCT_SORT_LABELS[criteria.sort],
  ];
  return parts.filter(Boolean).join(' · ');
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const rename = useDisclosure();
  const confirm = useDisclosure();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();
  const query = savedSearchQueryString(search.criteria);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: search._id, changes: { name: name.trim() } },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg);
          rename.close();
        },
        onError: (failure) => setError(messageOf(failure, m.nameRequired)),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link
          to={`${paths.shop.products}${query ? `?${query}` : ''}`}
          className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          {search.name}
        </Link>
        <p className="mt-1 text-sm text-slate-600">{summaryOf(search.criteria)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`frequency-${search._id}`}>
          {m.frequencyLabel} ({search.name})
        </label>
        <Select
          id={`frequency-${search._id}`}
          value={search.frequency}
          className="w-auto"
          onChange={(event) =>
            update.mutate(
              { id: search._id, changes: { frequency: event.target.value as SavedSearchFrequency } },
              {
                onSuccess: (answer) => toast.success(answer.msg),
                onError: (failure) => toast.error(messageOf(failure, m.notFound)),
              },
            )
          }
        >
          {SAVED_SEARCH_FREQUENCIES.map((value) => (
            <option key={value} value={value}>
              {savedSearchFrequencyLabels[value]}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Rename ${search.name}`}
          onClick={() => {
            setName(search.name);
            setError(undefined);
            rename.open();
          }}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Rename
        </Button>
        <Button variant="danger" size="sm" aria-label={`Delete ${search.name}`} onClick={confirm.open}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
      <Dialog open={rename.isOpen} onOpenChange={rename.setOpen} title={m.renameTitle}>
        <form onSubmit={submitRename} className="space-y-4" noValidate>
          <Field id={`rename-${search._id}`} label="Name" error={error}>
            <Input
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX_CHARS}
              onChange={(event) => setName(event.target.value)}
              autoFocus
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={rename.close}>
              Cancel
            </Button>
            <Button type="submit" busy={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirm.isOpen}
        onOpenChange={confirm.setOpen}
        title={m.deleteTitle}
        description={m.deleteConfirm(search.name)}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(search._id, {
            onSuccess: (answer) => {
              toast.success(answer.msg);
              confirm.close();
            },
            onError: (failure) => toast.error(messageOf(failure, m.notFound)),
          })
        }
      />
    </li>
  );
}

/** The account page's saved searches: open one (applies it on Products), rename, mail frequency, delete. */
export function SavedSearchList() {
  const searches = useSavedSearches();
  if (searches.isPending) {
    return (
      <div role="status" aria-label={m.savedSearches} className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (searches.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {m.loadFailed}
      </p>
    );
  }
  if (searches.data.length === 0) return <p className="text-sm text-slate-600">{m.none}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={m.savedSearches}>
      {searches.data.map((search) => (
        <SavedSearchRow key={search._id} search={search} />
      ))}
    </ul>
  );
}
