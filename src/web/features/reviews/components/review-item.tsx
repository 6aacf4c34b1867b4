import { Link } from 'react-router';
import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import type { Review } from '#domain/reviews/review.wire.ts';
import { paths } from '#web/config/paths.ts';
import { StarRating } from '#web/features/products/components/star-rating.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';

/** One review: stars, who wrote it, about which listing, when, and what they said. */
export function ReviewItem({ review, actions }: { review: Review; actions?: React.ReactNode }) {
  return (
    <article className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {m.aboutRole(review.subjectRole)}
        </span>
      </div>
      {review.text && <p className="whitespace-pre-line break-words text-sm text-slate-800">{review.text}</p>}
      <p className="text-xs text-slate-600">
        {review.author._id ? (
          <Link
            to={paths.user.profile(review.author._id)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {review.author.userName}
          </Link>
        ) : (
          <span className="font-medium">{review.author.userName}</span>
        )}{' '}
        {m.forListing(review.productTitle)} · <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
      </p>
      {actions}
    </article>
  );
}
