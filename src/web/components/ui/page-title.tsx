import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <h1 className={cn('text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl', className)}>{children}</h1>;
}
