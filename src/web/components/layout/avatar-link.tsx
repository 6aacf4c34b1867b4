import { Link } from 'react-router';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { paths } from '#web/config/paths.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';

/**
 * The signed-in user's picture, linking to their account (spec 2). Asked for at low priority: on
 * a phone's first load it would otherwise share the connection with the page's own photo and code.
 */
export function AvatarLink() {
  const user = useCurrentUser();
  return (
    <Link to={paths.user.account} className="shrink-0 rounded-full" aria-label="My account">
      <img
        src={user.profilePicture.url || DEFAULT_AVATAR_PATH}
        alt=""
        fetchPriority="low"
        width={40}
        height={40}
        className="h-10 w-10 rounded-full object-cover ring-2 ring-brand-100"
      />
    </Link>
  );
}
