import { HandCoins, Send } from 'lucide-react';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { Suspense } from 'react';
import { buyRequestMessages as m } from '#domain/messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useMyBuyRequests } from '../api/get-my-requests.ts';
import { useRequestedProducts } from '../api/get-requested-products.ts';
import type { BuyRequestDialogProps } from './buy-request-dialog.tsx';
import type { MakeOfferDialogProps } from './offer-dialogs.tsx';
import { RequestStatus } from './request-status.tsx';

/** The dialog (with its form and validation library) is fetched when the Send button is aimed at, not with the page. */
const BuyRequestDialog = lazyWithPreload<BuyRequestDialogProps>(() =>
  import('./buy-request-dialog.tsx').then((module) => module.BuyRequestDialog),
);
const MakeOfferDialog = lazyWithPreload<MakeOfferDialogProps>(() =>
  import('./offer-dialogs.tsx').then((module) => module.MakeOfferDialog),
);

/**
 * The buyer's part of the product page (spec 2, inside the buyer-contact block): the status of
 * their request (and the offer on it), if any, and the actions 'Send buy request' and 'Make an
 * offer' (issue 23), or why they cannot. Self-contained, so a page may place it anywhere (a
 * sticky bottom bar included).
 */
export function BuyRequestPanel({ product }: { product: Product }) {
  const user = useCurrentUser();
  const dialog = useDisclosure();
  const offerDialog = useDisclosure();
  const requested = useRequestedProducts();
  // Only a listing the buyer asked for has a status to fetch; if the set is missing, ask anyway.
  const needsStatus = requested.ids.has(product._id) || requested.isError;
  // If the statuses cannot be loaded the buyer can still send; the server keeps one open request.
  const mine = useMyBuyRequests({ enabled: needsStatus });
  const request = mine.byProduct.get(product._id);

  if (product.seller._id === user._id) {
    return (
      <Button disabled className="w-full">
        {m.ownListingButton}
      </Button>
    );
  }
  if (requested.isPending || (needsStatus && mine.isPending)) return <Skeleton className="h-10 w-full" />;

  const pending = request?.status === 'active';
  return (
    <div className="space-y-4">
      {request && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{m.statusHeading}</h3>
          <RequestStatus request={request} title={product.title} />
        </div>
      )}
      {product.soldOut ? (
        request?.status !== 'accepted' && (
          <div className="space-y-2">
            <p className="text-sm text-slate-700">{m.soldOut}</p>
            <Button disabled className="w-full">
              {m.soldOutButton}
            </Button>
          </div>
        )
      ) : (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              onClick={dialog.open}
              {...preloadOnIntent(BuyRequestDialog.preload)}
              className="w-full"
              variant={pending ? 'secondary' : 'primary'}
            >
              <Send className="h-4 w-4" aria-hidden="true" />
              {pending ? m.updateButton : m.sendButton}
            </Button>
            <Button
              onClick={offerDialog.open}
              {...preloadOnIntent(MakeOfferDialog.preload)}
              className="w-full"
              variant="secondary"
            >
              <HandCoins className="h-4 w-4" aria-hidden="true" />
              {om.makeOfferButton}
            </Button>
            {offerDialog.isOpen && (
              <Suspense fallback={null}>
                <MakeOfferDialog product={product} open onOpenChange={offerDialog.setOpen} />
              </Suspense>
            )}
          </div>
          {/* Mounted while open only, so each opening starts from the current message. */}
          {dialog.isOpen && (
            <Suspense fallback={null}>
              <BuyRequestDialog
                product={product}
                open={dialog.isOpen}
                onOpenChange={dialog.setOpen}
                initialMessage={pending ? request.buyerMessage : ''}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
