import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import type { AdminUserRow } from '#domain/users/user.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useDeleteUser } from './api/delete-user.ts';
import { useAdminUsers } from './api/get-users.ts';
import { UserCards, UserTable } from './components/user-list.tsx';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * User Management (spec 2, 3 and 4): a table on large screens, cards below, masked contacts from
 * the server, Delete behind 'Are you absolutely sure?', and Prev / 'Page X of Y' / Next.
 * A failed load shows an empty list and zero pages.
 */
export function UserManagementPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const users = useAdminUsers(page);
  const remove = useDeleteUser();
  const [pending, setPending] = useState<AdminUserRow | null>(null);

  const rows = users.isError ? [] : (users.data?.users ?? []);
  const totalPages = users.isError ? 0 : (users.data?.totalPages ?? 0);
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {}, { replace: false });

  const onConfirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: (answer) => {
        toast.success(answer.msg || adminMessages.userDeleted);
        setPending(null);
        // The last row of the last page is gone: show the page before it.
        if (rows.length === 1 && page > 1) goTo(page - 1);
      },
      onError: (error) => toast.error(messageOf(error, adminMessages.userDeleteFailed)),
    });
  };

  return (
    <div className="space-y-6">
      <PageTitle>User Management</PageTitle>
      {users.isPending ? (
        <div role="status" className="space-y-3" aria-label="Loading users">
          {Array.from({ length: 5 }, (_, index) => (
            <div key={index} className="h-16 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p
          role={users.isError ? 'alert' : undefined}
          className="rounded-2xl bg-white px-6 py-12 text-center text-slate-700 ring-1 ring-slate-200"
        >
          {users.isError ? adminMessages.fetchUsersFailed : adminMessages.noUsers}
        </p>
      ) : (
        <div aria-busy={users.isPlaceholderData || undefined}>
          <UserTable users={rows} onDelete={setPending} />
          <UserCards users={rows} onDelete={setPending} />
        </div>
      )}
      <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
        <Button variant="secondary" size="sm" disabled={page <= 1 || users.isPending} onClick={() => goTo(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Prev
        </Button>
        <p className="min-w-28 text-center text-sm font-medium text-slate-700" aria-live="polite">
          Page {totalPages === 0 ? 0 : page} of {totalPages}
        </p>
        <Button variant="secondary" size="sm" disabled={page >= totalPages || users.isPending} onClick={() => goTo(page + 1)}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </nav>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={adminMessages.userDeleteConfirmTitle}
        description={pending ? `${pending.userName}: ${adminMessages.userDeleteConfirm}` : adminMessages.userDeleteConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </div>
  );
}
