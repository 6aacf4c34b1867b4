import { Users } from 'lucide-react';
import { Suspense } from 'react';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';

/** The dialog (and the dialog library) is fetched when the button is aimed at, not with the page. */
const InterestedBuyersDialog = lazyWithPreload<{ product: Product; open: boolean; onOpenChange: (open: boolean) => void }>(() =>
  import('./interested-buyers-dialog.tsx').then((module) => module.InterestedBuyersDialog),
);

/** The owner's 'Interested buyers' button on a listing card or its page, and its dialog. */
export function InterestedBuyersButton({
  product,
  size = 'sm',
  className,
}: {
  product: Product;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const dialog = useDisclosure();
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={dialog.open}
        {...preloadOnIntent(InterestedBuyersDialog.preload)}
        aria-label={`${m.interestedButton} for ${product.title}`}
        className={className}
      >
        <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{m.interestedButton}</span>
      </Button>
      {/* Mounted while open only, so each opening reloads the list (spec 2). */}
      {dialog.isOpen && (
        <Suspense fallback={null}>
          <InterestedBuyersDialog product={product} open onOpenChange={dialog.setOpen} />
        </Suspense>
      )}
    </>
  );
}
