import { Users } from 'lucide-react';
import { buyRequestMessages as m } from '#domain/messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { InterestedBuyersDialog } from './interested-buyers-dialog.tsx';

/** The owner's 'Interested buyers' button on a listing card, and its dialog. */
export function InterestedBuyersButton({ product }: { product: Product }) {
  const dialog = useDisclosure();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={dialog.open} aria-label={`${m.interestedButton} for ${product.title}`}>
        <Users className="h-4 w-4" aria-hidden="true" />
        {m.interestedButton}
      </Button>
      {/* Mounted while open only, so each opening reloads the list (spec 2). */}
      {dialog.isOpen && <InterestedBuyersDialog product={product} open onOpenChange={dialog.setOpen} />}
    </>
  );
}
