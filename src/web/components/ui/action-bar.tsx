import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A page's primary actions (issue 22). On phones (below md, 768 px) a bar fixed to the bottom of
 * the screen, always in reach of the thumb and above the system gesture area; the shop's tab bar
 * gives way to it and the page ends above it (components/layout/shop-layout.tsx, which finds it
 * by `data-action-bar`). From md up it is the same element, drawn where the page put it, so each
 * action exists once for the keyboard, screen readers and tests.
 *
 * `summary` (the price) shows in the bar only: from md up the page shows it above. The actions
 * share the row: a page may pass one, two or three (e.g. 'Send buy request', 'Make an offer' and
 * 'Message seller'), one main action taking the rest of the row and the others compact.
 */
export function ActionBar({
  label,
  summary,
  children,
  className,
}: {
  label: string;
  summary?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      data-action-bar=""
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-slate-200 bg-white px-4 pt-3',
        'pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(15_23_42/0.08)]',
        'md:static md:z-auto md:border-0 md:bg-transparent md:p-0 md:shadow-none',
        className,
      )}
    >
      {summary && <div className="min-w-0 shrink-0 md:hidden">{summary}</div>}
      <div className="flex min-w-0 flex-1 items-stretch justify-end gap-2 md:flex-col">{children}</div>
    </div>
  );
}

/*
 * On a phone the actions share one row, 44 px tall; from md up they stack, each as wide as the
 * block. Only `max-md:` classes here: they override a button's own size without depending on
 * the order of utilities in the stylesheet.
 */
/** The bar's main action: on a phone it takes the rest of the row. */
export const actionBarMainClasses = 'w-full min-w-0 max-md:h-11 max-md:w-auto max-md:flex-1';
/** A side action (an icon, a short word): on a phone as wide as its content. */
export const actionBarSideClasses = 'w-full max-md:h-11 max-md:w-auto max-md:min-w-11 max-md:flex-none max-md:px-3';
