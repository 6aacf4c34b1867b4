import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { ReportButton } from '#web/features/moderation/components/report-button.tsx';
import { useUserReviews } from '../api/get-user-reviews.ts';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewItem } from './review-item.tsx';

/** The Reviews section of a public profile: the rating as a seller, then every review received, newest first. */
export function UserReviews({ userId }: { userId: string }) {
  const viewer = useCurrentUser();
  const reviews = useUserReviews(userId);
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-semibold text-slate-900">
          {m.sectionTitle}
        </h2>
        {reviews.data && (
          <RatingSummary rating={reviews.data.pages[0]!.rating} numReviews={reviews.data.pages[0]!.numReviews} long />
        )}
      </div>
      {reviews.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : reviews.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(reviews.error, m.failedToLoad)}
        </p>
      ) : reviews.data.pages[0]!.total === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">{m.noReviewsYet}</p>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2">
            {reviews.data.pages.flatMap((page) =>
              page.reviews.map((review) => (
                <li key={review._id}>
                  <ReviewItem
                    review={review}
                    actions={
                      !viewer.isAdmin && viewer._id !== review.author._id ? (
                        <ReportButton targetType="review" targetId={review._id} />
                      ) : undefined
                    }
                  />
                </li>
              )),
            )}
          </ul>
          {reviews.hasNextPage && (
            <Button variant="secondary" busy={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {m.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
