import type { ReactNode } from 'react';
import { SITE_TAGLINE } from '#domain/first-screen-texts.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';

/** The frame of the sign-in screens: brand, a title and the form on one card, phone first. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8 sm:justify-center sm:py-12"
    >
      <div className="w-full max-w-md">
        <p className="mb-1 text-center text-2xl font-extrabold tracking-tight text-brand-700">Campus Market</p>
        <p className="mb-6 text-center text-sm text-slate-600">{SITE_TAGLINE}</p>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <PageTitle className="text-2xl sm:text-2xl">{title}</PageTitle>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </div>
    </main>
  );
}

/** A form-wide message (the ones that belong to no single field). */
export function FormError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
