import { BellPlus } from 'lucide-react';
import { Suspense } from 'react';
import type { SavedSearchCriteriaInput } from '#domain/alerts/saved-search.schemas.ts';
import { savedSearchMessages as m } from '#domain/alerts/saved-search.messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import type { SaveSearchDialogProps } from './save-search-dialog.tsx';

/** The dialog and its form code arrive when a student reaches for the button, not with Products. */
const SaveSearchDialog = lazyWithPreload<SaveSearchDialogProps>(() =>
  import('./save-search-dialog.tsx').then((module) => module.SaveSearchDialog),
);

/** 'Save this search' on Products (issue 24). */
export function SaveSearchButton({ criteria }: { criteria: SavedSearchCriteriaInput }) {
  const dialog = useDisclosure();
  return (
    <>
      <Button variant="secondary" onClick={dialog.open} {...preloadOnIntent(SaveSearchDialog.preload)}>
        <BellPlus className="h-4 w-4" aria-hidden="true" />
        {m.saveThisSearch}
      </Button>
      {dialog.isOpen && (
        <Suspense fallback={null}>
          <SaveSearchDialog criteria={criteria} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
