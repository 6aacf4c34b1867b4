import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import { StarRating } from '#web/features/products/components/star-rating.tsx';
import { cn } from '#web/lib/cn.ts';

/** A user's rating as a seller: stars, the average and the count (or "No reviews yet"). */
export function RatingSummary({
  rating,
  numReviews,
  long = false,
  className,
}: {
  rating: number;
  numReviews: number;
  long?: boolean;
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-center gap-2 text-sm text-slate-700', className)}>
      {numReviews > 0 && <StarRating rating={rating} />}
      <span>{long ? m.ratingSummary(rating, numReviews) : m.ratingShort(rating, numReviews)}</span>
    </p>
  );
}
