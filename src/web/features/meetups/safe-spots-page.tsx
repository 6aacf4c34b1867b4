import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { meetupMessages as m } from '#domain/meetups/meetup.messages.ts';
import type { SafeSpot } from '#domain/meetups/meetup.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { toast } from '#web/lib/toast.ts';
import { useAdminSafeSpots, useRemoveSafeSpot, useSaveSafeSpot } from './api/admin-safe-spots.ts';

/** /admin/safe-spots: the campus's safe spots students propose meet-ups at; add, rename, remove. */
export function SafeSpotsPage() {
  const spots = useAdminSafeSpots();
  const [editing, setEditing] = useState<SafeSpot | null>(null);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <PageTitle>{m.adminTitle}</PageTitle>
        <p className="text-sm text-slate-700">{m.adminHint}</p>
      </div>
      <SpotForm key={editing?._id ?? 'new'} spot={editing} onDone={() => setEditing(null)} />
      {spots.isPending ? (
        <div role="status" aria-label="Loading" className="h-24 animate-pulse rounded-2xl bg-slate-200" />
      ) : spots.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(spots.error, m.failed)}
        </p>
      ) : spots.data.length === 0 ? (
        <p className="text-sm text-slate-700">{m.adminEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={m.adminTitle}>
          {spots.data.map((spot) => (
            <SpotRow key={spot._id} spot={spot} onEdit={() => setEditing(spot)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SpotRow({ spot, onEdit }: { spot: SafeSpot; onEdit: () => void }) {
  const remove = useRemoveSafeSpot();
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">
          {spot.name}
          {spot.removed && (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {m.adminRemoved}
            </span>
          )}
        </p>
        {spot.mapUrl && (
          <a href={spot.mapUrl} target="_blank" rel="noreferrer" className="break-all text-sm text-brand-700 underline">
            {spot.mapUrl}
          </a>
        )}
      </div>
      {!spot.removed && (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`${m.adminEdit} ${spot.name}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {m.adminEdit}
          </Button>
          <Button
            variant="danger"
            size="sm"
            busy={remove.isPending}
            aria-label={`${m.adminRemove} ${spot.name}`}
            onClick={() =>
              remove.mutate(spot._id, {
                onSuccess: (answer) => toast.success(answer.msg),
                onError: (error) => toast.error(messageOf(error, m.failed)),
              })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {m.adminRemove}
          </Button>
        </div>
      )}
    </li>
  );
}

function SpotForm({ spot, onDone }: { spot: SafeSpot | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveSafeSpot();
  const [name, setName] = useState(spot?.name ?? '');
  const [mapUrl, setMapUrl] = useState(spot?.mapUrl ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { ...(spot ? { id: spot._id } : {}), name, mapUrl },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg);
          setName('');
          setMapUrl('');
          setError(undefined);
          onDone();
        },
        onError: (failure) => setError(messageOf(failure, m.failed)),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-name`} label={m.adminName}>
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={80} required />
        </Field>
        <Field id={`${id}-url`} label={m.adminMapUrl}>
          <Input type="url" value={mapUrl} onChange={(event) => setMapUrl(event.target.value)} placeholder="https://" />
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending}>
          {spot ? m.adminSave : m.adminAdd}
        </Button>
        {spot && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {m.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
