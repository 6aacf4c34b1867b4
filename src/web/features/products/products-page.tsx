import { SlidersHorizontal, X } from 'lucide-react';
import { Suspense, useDeferredValue, useMemo } from 'react';
import type { Category } from '#domain/catalog.ts';
import { productMessages } from '#domain/messages.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FullScreenLoader, Spinner } from '#web/components/ui/spinner.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useRequestStatusFooter } from '#web/features/buy-requests/use-request-status-footer.tsx';
import { useProductList } from './api/get-products.ts';
import { useCardsShown } from './use-cards-shown.ts';
import type { CategoryOption, FilterSidebarProps } from './components/filter-sidebar.tsx';
import { LoadMore } from './components/load-more.tsx';
import { ProductCardList } from './components/product-grid.tsx';
import { useProductFilter } from './use-product-filter.ts';
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

/** Products (spec 2), also the admin's /admin/products: count, filter sidebar, endless grid. */
export function ProductsPage() {
  const filter = useProductFilter();
  // Saved searches alert students; the admin's Products page manages listings.
  const isAdmin = useCurrentUser().isAdmin;
  const sidebar = useDisclosure();
  const list = useProductList(filter.query);
  const requestStatus = useRequestStatusFooter(filter.showBuyRequests);
  const firstPage = list.data?.pages[0];
  const products = useMemo(() => list.data?.pages.flatMap((page) => page.products) ?? [], [list.data]);
  const categoryOptions = useMemo(() => categoryOptionsOf(firstPage, filter.categories), [firstPage, filter.categories]);
  // A page of cards is drawn in a background pass that yields to the browser every few
  // milliseconds (one long task would block a phone for a few hundred): the loader, or the
  // previous cards, stay until it is done.
  const shownProducts = useDeferredValue(products);
  const cardsShown = useCardsShown(shownProducts.length);
  const revealing = cardsShown < shownProducts.length;

  if (list.isPending || (shownProducts.length === 0 && products.length > 0)) return <FullScreenLoader />;

  // A failed fetch leaves the grid empty (spec 4) and says so.
  const total = list.isError ? 0 : (firstPage?.total ?? 0);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold tracking-wide text-slate-900 sm:text-2xl" aria-live="polite">
          {`${total} PRODUCTS`}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {!filter.showBuyRequests && !isAdmin && (
            <SaveSearchButton
              criteria={{ q: filter.search.trim() || undefined, category: filter.categories, sort: filter.sort || 'newest' }}
            />
          )}
          {list.isFetching && !list.isFetchingNextPage && <Spinner className="h-5 w-5 text-brand-600" />}
          {filter.isActive && (
            <Button
              variant="secondary"
              size="icon"
              onClick={sidebar.open}
              {...preloadOnIntent(FilterSidebar.preload)}
              aria-label="Adjust filter"
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
          {filter.isActive ? (
            <Button variant="secondary" onClick={filter.reset}>
              <X className="h-4 w-4" aria-hidden="true" />
              Clear Filter
            </Button>
          ) : (
            <Button variant="secondary" onClick={sidebar.open} {...preloadOnIntent(FilterSidebar.preload)}>
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              Filter
            </Button>
          )}
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
          <FilterSidebar open onOpenChange={sidebar.setOpen} filter={filter} categoryOptions={categoryOptions} />
        </Suspense>
      )}
    </div>
  );
}
