import { SlidersHorizontal, X } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import type { Category } from '#domain/catalog.ts';
import { PRODUCTS_PAGE_SIZE_DEFAULT } from '#domain/constants.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { BROWSE_PAGES_RESTORED_MAX } from '#domain/products/browse.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FullScreenLoader, Spinner } from '#web/components/ui/spinner.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useRequestStatusFooter } from '#web/features/buy-requests/use-request-status-footer.tsx';
import { useBrowseList } from './api/get-products.ts';
import { useCardsShown } from './use-cards-shown.ts';
import type { CategoryOption, FilterSidebarProps } from './components/filter-sidebar.tsx';
import { FilterChips } from './components/filter-chips.tsx';
import { LoadMore } from './components/load-more.tsx';
import { ProductCardList } from './components/product-grid.tsx';
import { SearchBox } from './search/search-box.tsx';
import { useBrowseView } from './use-browse-view.ts';
import { SaveSearchButton } from '#web/features/alerts/components/save-search-button.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';

/** The sidebar (a dialog) is fetched when a Filter button is aimed at, not with the page. */
const FilterSidebar = lazyWithPreload<FilterSidebarProps>(() =>
  import('./components/filter-sidebar.tsx').then((module) => module.FilterSidebar),
);

/** Categories of the current answer, plus any chosen one it lacks, alphabetically (spec 2). */
function categoryOptionsOf(answer: ProductListResponse | undefined, chosen: Category[]): CategoryOption[] {
  const counts = new Map<Category, number | undefined>((answer?.categories ?? []).map((c) => [c.name, c.count]));
  for (const name of chosen) if (!counts.has(name)) counts.set(name, undefined);
  // The names are fixed ASCII words, so plain comparison is alphabetical (and skips loading collation data).
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Products (spec 2, issue 22), also the admin's /admin/products: the search box, the active
 * filters as chips, the count and Filter button, and the endless grid; the whole view is in the
 * page's address.
 */
export function ProductsPage() {
  const browse = useBrowseView();
  const { view } = browse;
  // Saved searches alert students; the admin's Products page manages listings.
  const isAdmin = useCurrentUser().isAdmin;
  const sidebar = useDisclosure();
  const list = useBrowseList(view);
  const requestStatus = useRequestStatusFooter(view.requested);
  const firstPage = list.data?.pages[0];
  const products = useMemo(() => list.data?.pages.flatMap((page) => page.products) ?? [], [list.data]);
  const categoryOptions = useMemo(() => categoryOptionsOf(firstPage, view.categories), [firstPage, view.categories]);
  // A page of cards is drawn in a background pass that yields to the browser every few
  // milliseconds (one long task would block a phone for a few hundred): the loader, or the
  // previous cards, stay until it is done.
  const shownProducts = useDeferredValue(products);
  const cardsShown = useCardsShown(shownProducts.length);
  const revealing = cardsShown < shownProducts.length;

  // The address counts the pages scrolled through, so a reload or a shared link shows as many.
  const { setPage } = browse;
  const loadedPages = list.isPlaceholderData ? 1 : Math.ceil(products.length / PRODUCTS_PAGE_SIZE_DEFAULT);
  useEffect(() => {
    if (loadedPages >= 1) setPage(Math.min(loadedPages, BROWSE_PAGES_RESTORED_MAX));
  }, [loadedPages, setPage]);

  if (list.isPending || (shownProducts.length === 0 && products.length > 0)) return <FullScreenLoader />;

  // A failed fetch leaves the grid empty (spec 4) and says so.
  const total = list.isError ? 0 : (firstPage?.total ?? 0);

  return (
    <div className="space-y-3 sm:space-y-4">
      <div className="sticky top-16 z-30 -mx-4 flex items-center gap-2 bg-slate-50/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
        <SearchBox value={view.q} onSearch={(q) => browse.change({ q })} className="min-w-0 flex-1" />
        {browse.isActive && (
          <Button
            variant="secondary"
            size="icon"
            className="shrink-0 rounded-full"
            onClick={sidebar.open}
            {...preloadOnIntent(FilterSidebar.preload)}
            aria-label="Adjust filter"
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
        {browse.isActive ? (
          // An icon on phones, so the search box keeps its width; the same name everywhere.
          <Button variant="secondary" className="w-10 shrink-0 rounded-full px-0 sm:w-auto sm:px-3" onClick={browse.reset}>
            <X className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Clear Filter</span>
          </Button>
        ) : (
          <Button
            variant="secondary"
            className="shrink-0 rounded-full px-3"
            onClick={sidebar.open}
            {...preloadOnIntent(FilterSidebar.preload)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filter
          </Button>
        )}
      </div>

      <FilterChips browse={browse} />

      <div className="flex items-center justify-between gap-3">
        <h1 className="text-sm font-bold tracking-wide text-slate-700 sm:text-lg" aria-live="polite">
          {`${total} PRODUCTS`}
        </h1>
        <div className="flex items-center gap-2">
          {!view.requested && !isAdmin && (
            <SaveSearchButton
              criteria={{
                q: view.q || undefined,
                category: view.categories,
                condition: view.conditions,
                minPrice: view.minPrice,
                maxPrice: view.maxPrice,
                sort: view.sort ?? 'newest',
              }}
            />
          )}
          {list.isFetching && !list.isFetchingNextPage && <Spinner className="h-5 w-5 text-brand-600" />}
        </div>
      </div>

      {shownProducts.length === 0 || list.isError ? (
        <p className="rounded-2xl bg-white p-10 text-center text-slate-600 ring-1 ring-slate-200">{productMessages.noneFound}</p>
      ) : (
        <ProductCardList
          products={revealing ? shownProducts.slice(0, cardsShown) : shownProducts}
          label="Products"
          headingLevel={2}
          renderFooter={requestStatus}
          firstScreen
        />
      )}

      {!list.isError && (
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={list.fetchNextPage}
          // Not while the first cards are being drawn: the end of the page is in view only for that moment.
          paused={list.isPlaceholderData || revealing}
        />
      )}

      {sidebar.isOpen && (
        <Suspense fallback={null}>
          <FilterSidebar open onOpenChange={sidebar.setOpen} browse={browse} categoryOptions={categoryOptions} />
        </Suspense>
      )}
    </div>
  );
}
