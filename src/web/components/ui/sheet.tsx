import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  side?: 'left' | 'right';
  children: ReactNode;
  footer?: ReactNode;
}

/** A panel that slides in from the side (a Radix Dialog: focus trapped, Escape closes, focus restored). */
export function Sheet({ open, onOpenChange, title, description, side = 'right', children, footer }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl focus:outline-none',
            side === 'right' ? 'right-0 animate-sheet-in-right' : 'left-0 animate-sheet-in-left',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              <RadixDialog.Description className={description ? 'mt-1 text-sm text-slate-600' : 'sr-only'}>
                {description ?? title}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="border-t border-slate-200 px-5 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
