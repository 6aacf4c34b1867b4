import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useLogout } from './api/session.ts';

export interface LogoutButtonProps {
  /** Replaces the default button look (the admin rail styles it as a rail link). */
  className?: string;
  children?: ReactNode;
}

/** Ends the session on the server and in this browser, then returns to /auth/login (the button, the account menu). */
export function useLogoutAndLeave() {
  const logout = useLogout();
  const navigate = useNavigate();
  const run = () =>
    logout.mutate(undefined, {
      // The browser is signed out whatever the server answered (useLogout clears the cache).
      onSettled: () => {
        toast.success(authMessages.loggedOut);
        void navigate(paths.auth.login, { replace: true });
      },
    });
  return { run, isPending: logout.isPending };
}

/** Ends the session on the server and in this browser, then returns to /auth/login. */
export function LogoutButton({ className, children }: LogoutButtonProps) {
  const { run: onClick, isPending } = useLogoutAndLeave();

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isPending}
      aria-busy={isPending || undefined}
      className={className ?? buttonClasses('secondary')}
    >
      {children ?? (
        <>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Logout
        </>
      )}
    </button>
  );
}
