import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import type { AdminUserRow } from '#domain/users/user.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

interface UserListProps {
  users: AdminUserRow[];
  onDelete: (user: AdminUserRow) => void;
}

function Avatar({ user, large = false }: { user: AdminUserRow; large?: boolean }) {
  const size = large ? 48 : 40;
  return (
    <img
      src={user.profilePicture.url || DEFAULT_AVATAR_PATH}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className={`${large ? 'h-12 w-12' : 'h-10 w-10'} shrink-0 rounded-full object-cover ring-2 ring-brand-100`}
    />
  );
}

/** The name opens the user's uploads (spec 2). */
function NameLink({ user }: { user: AdminUserRow }) {
  return (
    <Link
      to={paths.admin.userListings(user._id)}
      className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      {user.userName}
    </Link>
  );
}

/** Masked values read best in a fixed-width font; 'Not provided' is words, not a value. */
function Masked({ value }: { value: string }) {
  return <span className={value === profileMessages.notProvided ? 'text-slate-600' : 'font-mono'}>{value}</span>;
}

function AdminBadge({ user }: { user: AdminUserRow }) {
  if (!user.isAdmin) return null;
  return <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Admin</span>;
}

function DeleteButton({ user, onDelete }: { user: AdminUserRow; onDelete: UserListProps['onDelete'] }) {
  return (
    <Button variant="danger" size="sm" onClick={() => onDelete(user)} aria-label={`Delete ${user.userName}`}>
      <Trash2 className="h-4 w-4" aria-hidden="true" />
      Delete
    </Button>
  );
}

/** Large screens: one row per user. */
export function UserTable({ users, onDelete }: UserListProps) {
  return (
    <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="w-20 px-4 py-3">
              Photo
            </th>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              E-mail
            </th>
            <th scope="col" className="w-36 px-4 py-3">
              Phone
            </th>
            <th scope="col" className="w-32 px-4 py-3">
              Gender
            </th>
            <th scope="col" className="w-32 px-4 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user._id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <Avatar user={user} />
              </td>
              <td className="px-4 py-3">
                <NameLink user={user} />
                <AdminBadge user={user} />
              </td>
              <td className="truncate px-4 py-3 text-slate-700">
                <Masked value={user.email} />
              </td>
              <td className="px-4 py-3 text-slate-700">
                <Masked value={user.phoneNumber} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{user.gender ?? profileMessages.notProvided}</td>
              <td className="px-4 py-3 text-right">
                <DeleteButton user={user} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 1024px: one card per user. */
export function UserCards({ users, onDelete }: UserListProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Users">
      {users.map((user) => (
        <li key={user._id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <Avatar user={user} large />
            <div className="min-w-0 flex-1">
              <NameLink user={user} />
              <AdminBadge user={user} />
            </div>
            <DeleteButton user={user} onDelete={onDelete} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">E-mail</dt>
            <dd className="break-all text-slate-800">
              <Masked value={user.email} />
            </dd>
            <dt className="text-slate-600">Phone</dt>
            <dd className="text-slate-800">
              <Masked value={user.phoneNumber} />
            </dd>
            <dt className="text-slate-600">Gender</dt>
            <dd className="text-slate-800">{user.gender ?? profileMessages.notProvided}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
