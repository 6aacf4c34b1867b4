import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { useBlockedUsers } from '../api/blocks.ts';
import { BlockButton } from './block-button.tsx';

/** Block or Unblock on someone's public profile; nothing on your own, or for an admin. */
export function ProfileBlockAction({ userId, name }: { userId: string; name: string }) {
  const me = useCurrentUser();
  const blocks = useBlockedUsers();
  if (me._id === userId || me.isAdmin) return null;
  if (blocks.isPending) return <Skeleton className="h-8 w-24" />;
  const blocked = blocks.data?.some((user) => user._id === userId) ?? false;
  return <BlockButton userId={userId} name={name} blocked={blocked} />;
}
