import { Navigate, Outlet } from 'react-router';
import { homeFor, paths } from '#web/config/paths.ts';
import { useSession } from '#web/features/auth/api/session.ts';

/**
 * The route guards of spec section 2. The session is already known here: the app shell shows
 * a loader until the first check-auth answers.
 */
type Area = 'shop' | 'user' | 'admin' | 'signed-in';

export function RequireSession({ area }: { area: Area }) {
  const { data: user } = useSession();
  if (!user) return <Navigate to={paths.auth.login} replace />;
  if (area === 'admin' && !user.isAdmin) return <Navigate to={paths.unauthorized} replace />;
  if (area === 'shop' && user.isAdmin) return <Navigate to={paths.admin.dashboard} replace />;
  return <Outlet />;
}

/** /auth pages are for visitors; a signed-in user is sent home. */
export function GuestOnly() {
  const { data: user } = useSession();
  if (user) return <Navigate to={homeFor(user)} replace />;
  return <Outlet />;
}

export function RootRedirect() {
  const { data: user } = useSession();
  return <Navigate to={user ? homeFor(user) : paths.auth.login} replace />;
}

/** Unknown paths render nothing, but a visitor still goes to the login page first. */
export function UnknownPath() {
  const { data: user } = useSession();
  if (!user) return <Navigate to={paths.auth.login} replace />;
  return null;
}
