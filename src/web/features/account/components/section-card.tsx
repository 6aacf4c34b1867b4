import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The white panel each account tab sits in, with the tab's heading. */
export function SectionCard({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8', className)}>
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
