import { Star } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

const STARS = [1, 2, 3, 4, 5];

/** Five stars, filled up to the (rounded) rating; read out as one phrase. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className={cn('flex items-center gap-0.5', className)}>
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn('h-4 w-4', star <= filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-300')}
        />
      ))}
    </div>
  );
}
