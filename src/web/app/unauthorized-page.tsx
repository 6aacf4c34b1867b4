import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { authMessages } from '#domain/users/auth.messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';

export function UnauthorizedPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <ShieldAlert className="h-14 w-14 text-red-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{authMessages.notAdmin}</h1>
      <Link to={paths.auth.login} className={buttonClasses('primary', 'lg')}>
        {authMessages.loginToContinue}
      </Link>
    </main>
  );
}
