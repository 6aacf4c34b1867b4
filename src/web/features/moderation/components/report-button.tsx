import { Flag } from 'lucide-react';
import { type ComponentProps, Suspense, useState } from 'react';
import { moderationTexts as t } from '#domain/moderation/moderation.messages.ts';
import type { ReportTargetType } from '#domain/moderation/moderation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.ts';
import type { ReportDialog as ReportDialogComponent } from './report-dialog.tsx';

/** The form and its validation library are fetched when someone reports, not with the page. */
export const LazyReportDialog = lazyWithPreload<ComponentProps<typeof ReportDialogComponent>>(() =>
  import('./report-dialog.tsx').then((module) => module.ReportDialog),
);

/** 'Report' with its dialog: a reason (radio group), details, and the server's answer as a toast. */
export function ReportButton({
  targetType,
  targetId,
  className,
}: {
  targetType: ReportTargetType;
  targetId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden="true" />
        {t.reportButton}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LazyReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
