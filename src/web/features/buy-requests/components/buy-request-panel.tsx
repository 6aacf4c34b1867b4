import { HandCoins, Send } from 'lucide-react';
import { Suspense } from 'react';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { cn } from '#web/lib/cn.ts';
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

/** The buyer's request on this listing, if any: both parts of the product page read the same queries. */
function useBuyRequestOf(product: Product) {
  const requested = useRequestedProducts();
  // Only a listing the buyer asked for has a status to fetch; if the set is missing, ask anyway.
  const needsStatus = requested.ids.has(product._id) || requested.isError;
  // If the statuses cannot be loaded the buyer can still send; the server keeps one open request.
  const mine = useMyBuyRequests({ enabled: needsStatus });
  return {
    isPending: requested.isPending || (needsStatus && mine.isPending),
    request: mine.byProduct.get(product._id),
  };
}

/**
 * What became of the buyer's request on this listing (spec 2, in the buyer-contact block):
 * pending, accepted with the seller's contact, rejected or closed. Nothing when they sent none.
 */
export function BuyRequestStatusPanel({ product, className }: { product: Product; className?: string }) {
  const { request } = useBuyRequestOf(product);
  if (!request) return null;
  return (
    <div className={className}>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{m.statusHeading}</h3>
      <RequestStatus request={request} title={product.title} />
    </div>
  );
}

/**
 * The buyer's action on the product page: send a buy request, update the open one's message, or
 * why they cannot ('Your upload' on their own listing, 'Sold out').
 */
export function BuyRequestButton({ product, className }: { product: Product; className?: string }) {
  const user = useCurrentUser();
  const dialog = useDisclosure();
  const { isPending, request } = useBuyRequestOf(product);

  if (product.seller._id === user._id) {
    return (
      <Button disabled className={className}>
        {m.ownListingButton}
      </Button>
    );
  }
  if (product.soldOut) {
    return (
      <Button disabled className={className} title={m.soldOut}>
        {m.soldOutButton}
      </Button>
    );
  }
  if (isPending) return <Skeleton className={cn('h-10', className)} />;

  const pending = request?.status === 'active';
  return (
    <>
      <Button
        onClick={dialog.open}
        {...preloadOnIntent(BuyRequestDialog.preload)}
        className={className}
        variant={pending ? 'secondary' : 'primary'}
      >
        {/* On the narrowest phones the words need the room (the bar shares its row with the price). */}
        <Send className="h-4 w-4 shrink-0 max-[399px]:hidden" aria-hidden="true" />
        <span className="truncate">{pending ? m.updateButton : m.sendButton}</span>
      </Button>
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
  );
}

/** 'Make an offer' (issue 23): a price of the buyer's own; nothing on their own or a sold listing. */
export function MakeOfferButton({
  product,
  className,
  compact = false,
}: {
  product: Product;
  className?: string;
  /** Below md only the icon shows (a side action of the phone's action bar); the label stays for screen readers. */
  compact?: boolean;
}) {
  const user = useCurrentUser();
  const dialog = useDisclosure();
  if (product.seller._id === user._id || product.soldOut) return null;
  return (
    <>
      <Button
        onClick={dialog.open}
        {...preloadOnIntent(MakeOfferDialog.preload)}
        className={className}
        variant="secondary"
        title={compact ? om.makeOfferButton : undefined}
      >
        <HandCoins className={cn('h-4 w-4 shrink-0', compact && 'max-md:h-5 max-md:w-5')} aria-hidden="true" />
        <span className={cn('truncate', compact && 'max-md:sr-only')}>{om.makeOfferButton}</span>
      </Button>
      {dialog.isOpen && (
        <Suspense fallback={null}>
          <MakeOfferDialog product={product} open onOpenChange={dialog.setOpen} />
        </Suspense>
      )}
    </>
  );
}
