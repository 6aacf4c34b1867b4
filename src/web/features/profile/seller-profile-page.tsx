import { CalendarDays, Mail, MessageCircle, Phone } from 'lucide-react';
import { useParams } from 'react-router';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { phoneHref, whatsappHref } from '#domain/contact.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import type { PublicUser } from '#domain/users/user.wire.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ProfileBlockAction } from '#web/features/conversations/components/profile-block-action.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';
import { useUserProfile } from './api/get-user-profile.ts';
import { SellerListings } from './components/seller-listings.tsx';
import { UserReviews } from '#web/features/reviews/components/user-reviews.tsx';
import { UserLoadError } from './components/user-load-error.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { ReportButton } from '#web/features/moderation/components/report-button.tsx';

/** Public seller profile (spec 2): who they are, how to reach them (+91), and what they still sell. */
export function SellerProfilePage() {
  const { id = '' } = useParams();
  const profile = useUserProfile(id);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <UserLoadError error={profile.error} />;
  return (
    <div className="space-y-10">
      <SellerHeader seller={profile.data} />
      <UserReviews userId={profile.data._id} />
      <SellerListings sellerId={profile.data._id} />
    </div>
  );
}

function SellerHeader({ seller }: { seller: PublicUser }) {
  const viewer = useCurrentUser();
  const phone = seller.phoneNumber;
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="h-24 bg-gradient-to-r from-brand-600 to-brand-500 sm:h-28" aria-hidden="true" />
      <div className="-mt-14 flex flex-col items-center gap-4 px-5 pb-6 text-center sm:-mt-16 sm:flex-row sm:items-start sm:gap-6 sm:px-8 sm:text-left">
        <img
          src={seller.profilePicture.url || DEFAULT_AVATAR_PATH}
          alt={`Profile photo of ${seller.userName}`}
          width={128}
          height={128}
          className="h-28 w-28 shrink-0 rounded-full bg-white object-cover ring-4 ring-white sm:h-32 sm:w-32"
        />
        <div className="min-w-0 flex-1 space-y-1 sm:pt-[4.5rem]">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{seller.userName}</h1>
          <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            {profileMessages.memberSince} <time dateTime={seller.createdAt}>{formatLongDate(seller.createdAt)}</time>
          </p>
          {viewer._id !== seller._id && !viewer.isAdmin && (
            <div>
              <ReportButton targetType="user" targetId={seller._id} />
            </div>
          )}
        </div>
        <div className="sm:pt-[4.5rem]">
          <ProfileBlockAction userId={seller._id} name={seller.userName} />
        </div>
      </div>
      <ul className="grid gap-2 border-t border-slate-100 p-5 sm:grid-cols-3 sm:px-8" aria-label="Contact">
        {/* The server shares a contact only for sellers (and yourself). */}
        {seller.email ? (
          <li>
            <a href={`mailto:${seller.email}`} className={`${buttonClasses('secondary')} w-full min-w-0`}>
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{seller.email}</span>
            </a>
          </li>
        ) : (
          <li className="flex items-center justify-center rounded-lg bg-slate-50 px-4 py-2 text-sm text-slate-600">
            <Mail className="mr-2 h-4 w-4" aria-hidden="true" />
            E-mail: {profileMessages.notProvided}
          </li>
        )}
        {phone ? (
          <>
            <li>
              <a href={phoneHref(phone)} className={`${buttonClasses('secondary')} w-full`}>
                <Phone className="h-4 w-4" aria-hidden="true" />
                Call +91 {phone}
              </a>
            </li>
            <li>
              <a href={whatsappHref(phone)} target="_blank" rel="noreferrer" className={`${buttonClasses('primary')} w-full`}>
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                WhatsApp
              </a>
            </li>
          </>
        ) : (
          <li className="flex items-center justify-center rounded-lg bg-slate-50 px-4 py-2 text-sm text-slate-600 sm:col-span-2">
            <Phone className="mr-2 h-4 w-4" aria-hidden="true" />
            Phone: {profileMessages.notProvided}
          </li>
        )}
      </ul>
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="space-y-6">
      <Skeleton className="h-56 w-full rounded-2xl" />
      <Skeleton className="h-8 w-48" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
