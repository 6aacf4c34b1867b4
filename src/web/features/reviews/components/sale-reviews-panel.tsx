import { Suspense, useState } from 'react';
import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { formatLongDate } from '#web/lib/format-date.ts';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.ts';
import { useSaleReviews } from '../api/get-sale-reviews.ts';
import type { ReviewDialogProps } from './review-dialog.tsx';
import { ReviewItem } from './review-item.tsx';

/** The review form arrives when it is opened, not with every product page. */
const ReviewDialog = lazyWithPreload<ReviewDialogProps>(() =>
  import('./review-dialog.tsx').then((module) => module.ReviewDialog),
);

/**
 * On a sold listing's page, for its buyer and its seller only: review the other side (once,
 * within 30 days; editable for 48 hours), and see what they said about you.
 */
export function SaleReviewsPanel({ product }: { product: Product }) {
  const { data: viewer } = useSession();
  const party =
    Boolean(viewer) &&
    product.soldOut &&
    (viewer?._id === product.seller._id || (product.buyer !== null && viewer?._id === product.buyer));
  const sale = useSaleReviews(product._id, Boolean(party));
  const [open, setOpen] = useState(false);
  if (!party || !sale.data) return null;
  const { counterpart, mine, theirs, canReview, reviewDeadline } = sale.data;
  const name = counterpart?.userName ?? m.deletedUser;
  const editable = mine !== null && new Date(mine.editableUntil) > new Date();
  return (
    <section aria-labelledby="sale-reviews-heading" className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="sale-reviews-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {m.sectionTitle}
      </h2>
      {mine ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-slate-800">{m.yourReview}</h3>
          <ReviewItem review={mine} />
          {editable && (
            <>
              <p className="text-xs text-slate-600">{m.editableUntil(formatLongDate(mine.editableUntil))}</p>
              <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
                {m.editReview}
              </Button>
            </>
          )}
        </div>
      ) : canReview ? (
        <div className="space-y-2">
          <Button onClick={() => setOpen(true)}>{m.leaveReview(name)}</Button>
          <p className="text-xs text-slate-600">{m.reviewClosesOn(formatLongDate(reviewDeadline))}</p>
        </div>
      ) : null}
      {theirs && (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-slate-800">{m.theirReview(name)}</h3>
          <ReviewItem review={theirs} />
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReviewDialog open={open} onOpenChange={setOpen} productId={product._id} counterpartName={name} existing={mine} />
        </Suspense>
      )}
    </section>
  );
}

/** On My Listings' sold cards: what the buyer said about the seller (or that they have not yet). */
export function BuyerReviewNote({ productId }: { productId: string }) {
  const sale = useSaleReviews(productId, true);
  if (!sale.data || sale.data.role !== 'seller') return null;
  const theirs = sale.data.theirs;
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-2 text-xs text-slate-700">
      <p className="font-semibold text-slate-800">{m.buyerSaid}</p>
      {theirs ? (
        <p>
          <span aria-label={m.starsLabel(theirs.rating)} role="img" className="text-amber-500">
            {'★'.repeat(theirs.rating)}
            <span className="text-slate-300">{'★'.repeat(5 - theirs.rating)}</span>
          </span>
          {theirs.text && <span className="mt-0.5 block whitespace-pre-line break-words">{theirs.text}</span>}
        </p>
      ) : (
        <p>{m.noBuyerReviewYet}</p>
      )}
    </div>
  );
}
