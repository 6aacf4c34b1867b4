import { SlidersHorizontal, X } from 'lucide-react';
import { useMemo } from 'react';
import type { Category } from '#domain/catalog.ts';
import { productMessages } from '#domain/messages.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FullScreenLoader, Spinner } from '#web/components/ui/spinner.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { useRequestStatusFooter } from '#web/features/buy-requests/use-request-status-footer.tsx';
import { useProductList } from './api/get-products.ts';
import { type CategoryOption, FilterSidebar } from './components/filter-sidebar.tsx';
import { LoadMore } from './components/load-more.tsx';
import { ProductCardList } from './components/product-grid.tsx';
import { useProductFilter } from './use-product-filter.ts';

/** Categories of the current answer, plus any chosen one it lacks, alphabetically (spec 2). */
function categoryOptionsOf(answer: ProductListResponse | undefined, chosen: Category[]): CategoryOption[] {
  const counts = new Map<Category, number | undefined>((answer?.categories ?? []).map((c) => [c.name, c.count]));
  for (const name of chosen) if (!counts.has(name)) counts.set(name, undefined);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Products (spec 2), also the admin's /admin/products: count, filter sidebar, endless grid. */
export function ProductsPage() {
  const filter = useProductFilter();
  const sidebar = useDisclosure();
  const list = useProductList(filter.query);
  const requestStatus = useRequestStatusFooter(filter.showBuyRequests);
  const firstPage = list.data?.pages[0];
  const products = useMemo(() => list.data?.pages.flatMap((page) => page.products) ?? [], [list.data]);
  const categoryOptions = useMemo(() => categoryOptionsOf(firstPage, filter.categories), [firstPage, filter.categories]);

  if (list.isPending) return <FullScreenLoader />;

  // A failed fetch leaves the grid empty (spec 4) and says so.
  const total = list.isError ? 0 : (firstPage?.total ?? 0);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold tracking-wide text-slate-900 sm:text-2xl" aria-live="polite">
          {`${total} PRODUCTS`}
        </h1>
        <div className="flex items-center gap-2">
          {list.isFetching && !list.isFetchingNextPage && <Spinner className="h-5 w-5 text-brand-600" />}
          {filter.isActive && (
            <Button variant="secondary" size="icon" onClick={sidebar.open} aria-label="Adjust filter">
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            </Button>
          )}
          {filter.isActive ? (
            <Button variant="secondary" onClick={filter.reset}>
              <X className="h-4 w-4" aria-hidden="true" />
              Clear Filter
            </Button>
          ) : (
            <Button variant="secondary" onClick={sidebar.open}>
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              Filter
            </Button>
          )}
        </div>
      </div>

      {products.length === 0 || list.isError ? (
        <p className="rounded-2xl bg-white p-10 text-center text-slate-600 ring-1 ring-slate-200">{productMessages.noneFound}</p>
      ) : (
        <ProductCardList products={products} label="Products" headingLevel={2} renderFooter={requestStatus} />
      )}

      {!list.isError && (
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={list.fetchNextPage}
          paused={list.isPlaceholderData}
        />
      )}

      <FilterSidebar open={sidebar.isOpen} onOpenChange={sidebar.setOpen} filter={filter} categoryOptions={categoryOptions} />
    </div>
  );
}
