import { Bookmark, BookmarkX, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Select } from '#web/components/ui/field.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { toast } from '#web/lib/toast.ts';
import { useInterestedBuyers } from '../api/get-interested-buyers.ts';
import { useListingStateChange } from '../api/offer-actions.ts';

/**
 * The seller's deal controls on an unsold listing (issue 23): Reserve (for one of its requesters,
 * or nobody) or Release, and 'Sold elsewhere'. Self-contained, so the product page, My Listings or
 * a bottom action bar can place it. `size` follows where it sits.
 */
export function ListingDealActions({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' }) {
  const reserve = useDisclosure();
  const soldElsewhere = useDisclosure();
  const change = useListingStateChange({
    onSuccess: (answer) => {
      toast.success(answer.msg);
      reserve.close();
      soldElsewhere.close();
    },
    onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, om.actionFailed)),
  });
  if (product.soldOut) return null;
  return (
    <>
      {product.reserved ? (
        <Button
          size={size}
          variant="secondary"
          busy={change.isPending && change.variables?.action === 'release'}
          onClick={() => change.mutate({ action: 'release', productId: product._id })}
          aria-label={`${om.releaseButton}: ${product.title}`}
        >
          <BookmarkX className="h-4 w-4" aria-hidden="true" />
          {om.releaseButton}
        </Button>
      ) : (
        <Button size={size} variant="secondary" onClick={reserve.open} aria-label={`${om.reserveButton}: ${product.title}`}>
          <Bookmark className="h-4 w-4" aria-hidden="true" />
          {om.reserveButton}
        </Button>
      )}
      <Button
        size={size}
        variant="secondary"
        onClick={soldElsewhere.open}
        aria-label={`${om.soldElsewhereButton}: ${product.title}`}
      >
        <Store className="h-4 w-4" aria-hidden="true" />
        {om.soldElsewhereButton}
      </Button>
      {reserve.isOpen && (
        <ReserveDialog
          product={product}
          busy={change.isPending}
          onOpenChange={reserve.setOpen}
          onReserve={(buyerId) => change.mutate({ action: 'reserve', productId: product._id, buyerId })}
        />
      )}
      <ConfirmDialog
        open={soldElsewhere.isOpen}
        onOpenChange={soldElsewhere.setOpen}
        title={om.soldElsewhereDialogTitle}
        description={om.soldElsewhereDialogDescription}
        confirmLabel={om.soldElsewhereConfirm}
        busy={change.isPending}
        onConfirm={() => change.mutate({ action: 'sold-elsewhere', productId: product._id })}
      />
    </>
  );
}

/** Choose whom to hold the listing for: one of its buyers with an open request, or nobody in particular. */
function ReserveDialog({
  product,
  busy,
  onOpenChange,
  onReserve,
}: {
  product: Product;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onReserve: (buyerId: string | null) => void;
}) {
  const id = useId();
  const buyers = useInterestedBuyers(product._id, product.seller._id);
  const [choice, setChoice] = useState('');
  return (
    <Dialog open onOpenChange={onOpenChange} title={om.reserveDialogTitle} description={om.reserveDialogDescription}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onReserve(choice || null);
        }}
      >
        <Field id={`${id}-buyer`} label={om.reserveForLabel}>
          <Select value={choice} onChange={(event) => setChoice(event.target.value)} disabled={buyers.isPending}>
            <option value="">{om.reserveForNobody}</option>
            {(buyers.data ?? []).map((entry) => (
              <option key={entry.buyer._id} value={entry.buyer._id}>
                {entry.buyer.userName.trim() || m.unknownBuyer}
                {entry.offer ? ` (${om.offerFromBuyer(entry.offer.amount).toLowerCase()})` : ''}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {om.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {om.reserveConfirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
