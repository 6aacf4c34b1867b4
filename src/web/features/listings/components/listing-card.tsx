import { Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { formatPrice } from '#domain/products/pricing.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { paths } from '#web/config/paths.ts';
import { useDeleteProduct } from '#web/features/products/api/delete-product.ts';
import { ProductCard } from '#web/features/products/components/product-card.tsx';
import { BuyerReviewNote } from '#web/features/reviews/components/sale-reviews-panel.tsx';
import { WishlistButton } from '#web/features/wishlist/components/wishlist-button.tsx';
import { ExpiredNote, RenewButton } from '#web/features/alerts/components/renew-button.tsx';

export interface ListingCardProps {
  product: Product;
  /** Edit is hidden for admins on My Listings (spec 2); sold listings show 'Sold Out' instead. */
  canEdit: boolean;
  /** Where Edit goes; by default the Sell page in edit mode. */
  onEdit?: (product: Product) => void;
  /** More owner controls between Edit and Delete (the interested-buyers button goes here). */
  extraActions?: ReactNode;
  headingLevel?: 2 | 3;
  /** The viewer is an admin: the card links to the admin's product page. */
  adminLinks?: boolean;
}

/** A listing as its owner (or an admin) sees it: the product card with Edit / 'Sold Out' / Delete. */
export function ListingCard({ product, canEdit, onEdit, extraActions, headingLevel, adminLinks }: ListingCardProps) {
  const navigate = useNavigate();
  const confirm = useDisclosure();
  const remove = useDeleteProduct();
  // Bumped on each 'Sold Out' click, so the pulse restarts even when it is already running.
  const [pulse, setPulse] = useState(0);

  const edit = onEdit ?? ((listing: Product) => void navigate(paths.shop.sell, { state: { productId: listing._id } }));

  const onSoldOut = () => {
    toast.info(productMessages.alreadySold);
    setPulse((count) => count + 1);
  };

  const onDelete = () =>
    remove.mutate(product._id, {
      onSuccess: (answer) => {
        toast.success(answer.msg ?? productMessages.deleted);
        confirm.close();
      },
      onError: (error) => toast.error(messageOf(error, productMessages.deleteFailed)),
    });

  // Two cards share a phone's width: each control takes the card's whole width there, so a long
  // label ('Interested buyers') wraps inside its button instead of spilling out of the card.
  const footer = (
    <div className="flex flex-wrap items-center gap-2 max-sm:[&>*]:w-full max-sm:[&_button]:w-full max-sm:[&_button]:h-auto max-sm:[&_button]:min-h-8 max-sm:[&_button]:justify-start max-sm:[&_button]:py-1.5 max-sm:[&_button]:text-left max-sm:[&_span.truncate]:whitespace-normal">
      {product.expired && !product.soldOut && <ExpiredNote />}
      {!product.soldOut && <RenewButton product={product} />}
      {product.soldOut && product.buyer && canEdit && (
        <div className="w-full">
          <BuyerReviewNote productId={product._id} />
        </div>
      )}
      {product.soldOut ? (
        <Button variant="secondary" size="sm" onClick={onSoldOut}>
          Sold Out
        </Button>
      ) : (
        canEdit && (
          <Button variant="secondary" size="sm" onClick={() => edit(product)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        )
      )}
      {product.soldOut && product.buyer !== null && product.soldPrice !== null && (
        <span data-sold-price className="text-sm font-semibold text-emerald-800">
          {productMessages.soldFor(formatPrice(product.soldPrice))}
        </span>
      )}
      {product.soldOut && product.buyer === null && canEdit && (
        <span className="text-sm font-semibold text-slate-700">{productMessages.soldElsewhere}</span>
      )}
      {extraActions}
      <span key={pulse} className={pulse > 0 ? 'ml-auto animate-pulse-red rounded-lg' : 'ml-auto rounded-lg'}>
        <Button variant="danger" size="sm" onClick={confirm.open} aria-label={`Delete ${product.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </span>
    </div>
  );

  return (
    <>
      <ProductCard
        product={product}
        // Hidden on one's own listing; where it shows, failures are only logged (spec 8).
        action={<WishlistButton product={product} feedback="log" />}
        footer={footer}
        headingLevel={headingLevel}
        adminLinks={adminLinks}
        className="w-full"
      />
      <ConfirmDialog
        open={confirm.isOpen}
        onOpenChange={confirm.setOpen}
        title={productMessages.deleteConfirmTitle}
        description={productMessages.deleteConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  );
}
