import { Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { ActionBar, actionBarMainClasses, actionBarSideClasses } from '#web/components/ui/action-bar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { ConfirmDialogProps } from '#web/components/ui/dialog.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { paths } from '#web/config/paths.ts';
import { InterestedBuyersButton } from '#web/features/buy-requests/components/interested-buyers-button.tsx';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

/** Fetched when Delete is aimed at: most visitors of a product page never see this dialog. */
const ConfirmDialog = lazyWithPreload<ConfirmDialogProps>(() =>
  import('#web/components/ui/dialog.tsx').then((module) => module.ConfirmDialog),
);

/**
 * The seller's block on their own product (spec 2): the buy-request button, disabled and reading
 * 'Your upload' (spec 5: no request on your own product); Interested buyers and Edit (which opens
 * the Sell page in edit mode; 'Sold out' in its place once sold) in the page's action bar, which a
 * phone keeps at the bottom of the screen (issue 22); Delete asks first and then goes to My
 * Listings. An admin gets Delete only (the Sell page is a shop page) and returns to the admin's
 * product list.
 */
export function OwnerActions({ product, asAdmin, summary }: { product: Product; asAdmin: boolean; summary?: ReactNode }) {
  const navigate = useNavigate();
  const confirm = useDisclosure();
  const remove = useDeleteProduct();

  const onDelete = () =>
    remove.mutate(product._id, {
      onSuccess: (answer) => {
        toast.success(answer.msg ?? productMessages.deleted);
        confirm.close();
        void navigate(asAdmin ? paths.admin.products : paths.shop.listings, { replace: true });
      },
      onError: (error) => toast.error(messageOf(error, productMessages.deleteFailed)),
    });

  return (
    <section
      aria-labelledby="owner-actions-heading"
      data-product-id={product._id}
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="owner-actions-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {asAdmin ? 'Manage listing' : 'Your listing'}
      </h2>
      {!asAdmin && (
        <>
          <Button disabled className="mt-3 w-full">
            {buyRequestMessages.ownListingButton}
          </Button>
          <ActionBar label={productMessages.ownerActionsLabel} summary={summary} className="md:mt-3">
            <InterestedBuyersButton product={product} size="md" className={actionBarMainClasses} />
            {product.soldOut ? (
              <Button disabled className={actionBarSideClasses}>
                {buyRequestMessages.soldOutButton}
              </Button>
            ) : (
              <Button
                variant="secondary"
                className={actionBarSideClasses}
                onClick={() => void navigate(paths.shop.sell, { state: { productId: product._id } })}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </Button>
            )}
          </ActionBar>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="danger" onClick={confirm.open} {...preloadOnIntent(ConfirmDialog.preload)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
      {confirm.isOpen && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={confirm.setOpen}
            title={productMessages.deleteConfirmTitle}
            description={productMessages.deleteConfirm}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={onDelete}
          />
        </Suspense>
      )}
    </section>
  );
}
