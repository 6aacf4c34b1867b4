import { cn } from '#web/lib/cn.ts';

const STARS = [1, 2, 3, 4, 5];

/** lucide's "star", drawn as plain SVG: a page of 24 cards has 120 of them, and lucide's two components per icon cost render time on a phone. */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/** Five stars, filled up to the (rounded) rating; read out as one phrase. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className={cn('flex items-center gap-0.5', className)}>
      {STARS.map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className={cn('h-4 w-4', star <= filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-300')}
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </div>
  );
}
