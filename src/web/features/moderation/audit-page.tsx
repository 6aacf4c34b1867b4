import { useId, useState } from 'react';
import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery, auditActionLabels } from '#domain/moderation/audit.ts';
import { moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';
import { useAuditPage } from './api/moderation.ts';

type Filters = Omit<AuditQuery, 'page'> & { page: number };

function reasonOf(entry: AuditEntry): string {
  return typeof entry.details.reason === 'string' ? entry.details.reason : '';
}

/** The admin who acted, or 'System' for what the system did by itself. */
function actorOf(entry: AuditEntry): string {
  return entry.actorEmail ?? t.systemActor;
}

function when(iso: string): string {
  return `${formatLongDate(iso)} ${new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}`;
}

/** /admin/audit: every admin action, filtered by admin, action, target and dates; a table, cards on phones. */
export function AuditPage() {
  const id = useId();
  const [query, setQuery] = useState<Filters>({ page: 1 });
  const audit = useAuditPage(query);
  const set = (change: Partial<Filters>) => setQuery((current) => ({ ...current, ...change, page: change.page ?? 1 }));
  const entries = audit.data?.entries ?? [];

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <PageTitle>{t.auditHeading}</PageTitle>
        <p className="text-sm text-slate-700">{t.auditIntro}</p>
      </div>
      <form
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filters"
      >
        <Field id={`${id}-admin`} label={t.filterAdmin}>
          <Select value={query.actorId ?? ''} onChange={(event) => set({ actorId: event.target.value || undefined })}>
            <option value="">{t.anyOption}</option>
            {audit.data?.admins.map((admin) => (
              <option key={admin._id} value={admin._id}>
                {admin.userName}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-action`} label={t.filterAction}>
          <Select
            value={query.action ?? ''}
            onChange={(event) => set({ action: (event.target.value || undefined) as AuditQuery['action'] })}
          >
            <option value="">{t.anyOption}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {auditActionLabels[action]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-target`} label={t.filterTarget}>
          <Input value={query.targetId ?? ''} onChange={(event) => set({ targetId: event.target.value || undefined })} />
        </Field>
        <Field id={`${id}-from`} label={t.filterFrom}>
          <Input type="date" value={query.from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} />
        </Field>
        <Field id={`${id}-to`} label={t.filterTo}>
          <Input type="date" value={query.to ?? ''} onChange={(event) => set({ to: event.target.value || undefined })} />
        </Field>
      </form>

      {audit.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(audit.error, t.auditLoadFailed)}
        </p>
      ) : audit.isPending ? (
        <div role="status" aria-label={t.auditHeading} className="h-40 animate-pulse rounded-2xl bg-slate-200" />
      ) : entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t.auditEmpty}</p>
      ) : (
        <>
          {/* Phones: one card per entry. */}
          <ul className="space-y-3 md:hidden" aria-label={t.auditHeading}>
            {entries.map((entry) => (
              <li key={entry._id} className="space-y-1 rounded-2xl bg-white p-4 text-sm ring-1 ring-slate-200">
                <p className="font-semibold text-slate-900">{auditActionLabels[entry.action]}</p>
                <p className="text-slate-700">
                  {actorOf(entry)} · {when(entry.createdAt)}
                </p>
                <p className="break-all text-slate-600">
                  {entry.targetType} {entry.targetId}
                </p>
                {reasonOf(entry) && <p className="break-words text-slate-700">{reasonOf(entry)}</p>}
              </li>
            ))}
          </ul>
          <div
            role="region"
            aria-label={t.auditHeading}
            tabIndex={0}
            className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block"
          >
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.when}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.who}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.what}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.target}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t.reasonColumn}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {entries.map((entry) => (
                  <tr key={entry._id}>
                    <td className="whitespace-nowrap px-4 py-3">{when(entry.createdAt)}</td>
                    <td className="px-4 py-3">{actorOf(entry)}</td>
                    <td className="px-4 py-3">{auditActionLabels[entry.action]}</td>
                    <td className="px-4 py-3 font-mono text-xs">
                      {entry.targetType} {entry.targetId}
                    </td>
                    <td className="max-w-xs break-words px-4 py-3">{reasonOf(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <nav className="flex justify-between" aria-label="Pages">
        <Button variant="secondary" disabled={query.page <= 1} onClick={() => set({ page: query.page - 1 })}>
          {t.previousPage}
        </Button>
        <Button variant="secondary" disabled={!audit.data?.hasMore} onClick={() => set({ page: query.page + 1 })}>
          {t.nextPage}
        </Button>
      </nav>
    </div>
  );
}
