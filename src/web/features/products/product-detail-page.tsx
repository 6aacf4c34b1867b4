import { Suspense, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { ActionBar, actionBarMainClasses, actionBarSideClasses } from '#web/components/ui/action-bar.tsx';
import {
  BuyRequestButton,
  BuyRequestStatusPanel,
  MakeOfferButton,
} from '#web/features/buy-requests/components/buy-request-panel.tsx';
import { MessageSellerLink } from '#web/features/conversations/components/message-seller-link.tsx';
import { ReportButton } from '#web/features/moderation/components/report-button.tsx';
import { SaleReviewsPanel } from '#web/features/reviews/components/sale-reviews-panel.tsx';
import { WishlistButton } from '#web/features/wishlist/components/wishlist-button.tsx';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.ts';
import { offlineMessages } from '#domain/offline.ts';
import { useOnline } from '#web/features/pwa/use-online.ts';
import { useProduct } from './api/get-product.ts';
import { BuyerContactBlock } from './components/buyer-contact-block.tsx';
import { ImageGallery } from './components/image-gallery.tsx';
import { OwnerActions } from './components/owner-actions.tsx';
import { PriceTag } from './components/price-tag.tsx';
import { SellerCard } from './components/seller-card.tsx';
import { ShareButton } from './components/share-button.tsx';
import { SimilarProducts } from './components/similar-products.tsx';

/** The seller's own deal buttons (reserve, sold elsewhere) and their dialogs: only a seller fetches them. */
const ListingDealActions = lazyWithPreload<{ product: Product }>(() =>
  import('#web/features/buy-requests/components/listing-deal-actions.tsx').then((module) => module.ListingDealActions),
);

/** Product detail (spec 2), also the admin's /admin/products/:id. */
export function ProductDetailPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const user = useCurrentUser();
  const online = useOnline();
  // A listing that could not be loaded offline is asked for again when the network comes back:
  // on that change only (a refetch of a failed query goes back to pending, so "online and failed"
  // alone would ask again after every failure, for ever, on a listing that does not exist).
  const { isError, refetch } = product;
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && isError) void refetch();
  }, [online, isError, refetch]);

  if (product.isPending) {
    // A screen tall, so the footer is not on screen to be pushed down when the product arrives.
    return (
      <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-700">
        <Spinner className="h-10 w-10 text-brand-600" />
        <p className="text-sm font-medium">{productMessages.loading}</p>
      </div>
    );
  }
  if (product.isError) {
    // Offline, a listing this device never saved is not "not found": it opens once back online
    // (the query asks again on reconnect).
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-center">
        <PageTitle>{online ? productMessages.notFound : offlineMessages.notSaved}</PageTitle>
      </div>
    );
  }
  // Keyed by id: moving to a similar product starts its gallery at the first photo.
  return <ProductDetail key={product.data._id} product={product.data} user={user} />;
}

/**
 * The price as the phone's action bar shows it: the ₹ amount alone (the original and badge are
 * just above); what it sold for once sold at an agreed amount (issue 23).
 */
function BarPrice({ product }: { product: Product }) {
  const price = product.soldOut && product.soldPrice !== null ? product.soldPrice : product.price;
  return <PriceTag price={price} originalPrice={null} showBadge={false} />;
}

/**
 * A product's page (spec 2; issue 22 on a phone): photos that swipe and zoom; category,
 * condition, title, Share and the heart; the price; the actions, which a phone keeps in a bar at
 * the bottom of the screen; then the description and the seller with their contact details.
 */
function ProductDetail({ product, user }: { product: Product; user: SessionUser }) {
  const isSeller = product.seller._id === user._id;
  const bar = <BarPrice product={product} />;
  return (
    <div className="space-y-12">
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <ImageGallery images={product.images} title={product.title} />
        <div className="min-w-0 space-y-5">
          <div className="space-y-3">
            <div className="flex flex-wrap gap-2 text-xs font-semibold">
              <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-700">{product.category}</span>
              <span className="rounded-full bg-slate-200 px-3 py-1 text-slate-800">{product.condition}</span>
              {product.soldOut && (
                <span className="rounded-full bg-red-100 px-3 py-1 text-red-800">{productMessages.soldOutBadge}</span>
              )}
              {product.reserved && !product.soldOut && (
                <span data-reserved className="rounded-full bg-amber-100 px-3 py-1 text-amber-900">
                  {product.reservedFor === user._id ? offerMessages.reservedForYou : offerMessages.reservedBadge}
                </span>
              )}
            </div>
            <div className="flex items-start justify-between gap-3">
              <PageTitle className="min-w-0 break-words">{product.title}</PageTitle>
              <div className="flex shrink-0 gap-2">
                <ShareButton product={product} />
                <WishlistButton product={product} size="lg" />
              </div>
            </div>
            <PriceTag price={product.price} originalPrice={product.originalPrice} size="lg" strike="when-discounted" />
          </div>
          {isSeller || user.isAdmin ? (
            <>
              <OwnerActions product={product} asAdmin={user.isAdmin} summary={bar} />
              {isSeller && !product.soldOut && (
                <div className="flex flex-wrap gap-2">
                  <Suspense fallback={null}>
                    <ListingDealActions product={product} />
                  </Suspense>
                </div>
              )}
            </>
          ) : (
            <BuyerContactBlock product={product}>
              <BuyRequestStatusPanel
                product={product}
                className="max-md:rounded-2xl max-md:bg-white max-md:p-4 max-md:ring-1 max-md:ring-slate-200 md:mb-4"
              />
              <ActionBar label={productMessages.buyerActionsLabel} summary={bar}>
                <BuyRequestButton product={product} className={actionBarMainClasses} />
                <MakeOfferButton product={product} compact className={actionBarSideClasses} />
                {!product.soldOut && <MessageSellerLink productId={product._id} compact className={actionBarSideClasses} />}
              </ActionBar>
            </BuyerContactBlock>
          )}
          <p className="whitespace-pre-line break-words text-slate-700">{product.description}</p>
          <SellerCard product={product} />
          <SaleReviewsPanel product={product} />
          {!isSeller && !user.isAdmin && <ReportButton targetType="listing" targetId={product._id} />}
        </div>
      </div>
      <SimilarProducts product={product} />
    </div>
  );
}
