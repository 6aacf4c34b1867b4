import { useCallback, useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Holds automatic loading back (while a new filter's first page is on its way). */
  paused?: boolean;
  /** false: only the button loads more (a list above other content the reader must reach). */
  automatic?: boolean;
}

/**
 * More results as the end of a grid scrolls near (IntersectionObserver), with a 'Load more'
 * button for keyboards, assistive technology and browsers without the observer.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, paused = false, automatic = true }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !automatic || !hasNextPage || paused || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports at once, so a short page that leaves the end in view keeps loading.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), {
      rootMargin: '600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, hasNextPage, paused, automatic]);

  return (
    <>
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={loadMore} busy={isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
