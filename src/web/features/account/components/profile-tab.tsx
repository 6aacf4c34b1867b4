import { CalendarDays, Mail, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { LogoutButton } from '#web/features/auth/logout-button.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';
import { ProfilePhotoChanger } from './profile-photo-changer.tsx';
import { SectionCard } from './section-card.tsx';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 break-words pl-9 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Profile tab (spec 2): photo with zoom on hover, name, e-mail, phone, gender, member since, Logout. */
export function ProfileTab() {
  const user = useCurrentUser();
  return (
    <SectionCard title="Profile">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-start">
        <div className="flex shrink-0 flex-col items-center gap-3">
          <div className="h-36 w-36 overflow-hidden rounded-full ring-4 ring-brand-100 sm:h-40 sm:w-40">
            <img
              src={user.profilePicture.url || DEFAULT_AVATAR_PATH}
              alt={`Profile photo of ${user.userName}`}
              width={160}
              height={160}
              className="h-full w-full object-cover transition-transform duration-300 ease-out hover:scale-125"
            />
          </div>
          <ProfilePhotoChanger />
        </div>
        <div className="w-full min-w-0 space-y-4">
          <p className="break-words text-center text-2xl font-bold text-slate-900 md:text-left">{user.userName}</p>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Detail icon={<Mail className="h-4 w-4" aria-hidden="true" />} label="E-mail">
              {user.email}
            </Detail>
            <Detail icon={<Phone className="h-4 w-4" aria-hidden="true" />} label="Phone">
              {user.phoneNumber ? `+91 ${user.phoneNumber}` : profileMessages.notProvided}
            </Detail>
            <Detail icon={<UserRound className="h-4 w-4" aria-hidden="true" />} label="Gender">
              {user.gender ?? profileMessages.notProvided}
            </Detail>
            <Detail icon={<CalendarDays className="h-4 w-4" aria-hidden="true" />} label={profileMessages.memberSince}>
              <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
            </Detail>
          </dl>
          <div className="flex justify-center border-t border-slate-100 pt-4 md:justify-start">
            <LogoutButton />
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
