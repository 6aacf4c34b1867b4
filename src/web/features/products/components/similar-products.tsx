import { useDeferredValue } from 'react';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { useIdleOnce } from '#web/lib/when-idle.ts';
import { useProductList } from '../api/get-products.ts';
import { LoadMore } from './load-more.tsx';
import { ProductCardList, ProductGridSkeleton } from './product-grid.tsx';

/** Two rows on a wide screen per step; the rest on request. */
const SIMILAR_PAGE_SIZE = 8;

/**
 * 'Similar Products': every product of the same category but the one being viewed (spec 2),
 * a page at a time. More load by button only, so the footer below stays reachable.
 */
export function SimilarProducts({ product }: { product: Product }) {
  // Below the product itself: asked for once the page is drawn, so it never delays the page.
  const afterFirstScreen = useIdleOnce();
  const similar = useProductList(
    { category: [product.category], excludeId: product._id, limit: SIMILAR_PAGE_SIZE },
    { enabled: afterFirstScreen },
  );
  // The cards arrive after the page is drawn: drawn in an interruptible pass, so their render
  // never holds up a tap (on a phone it is tens of milliseconds).
  const shown = useDeferredValue(similar.data);
  const products = shown?.pages.flatMap((page) => page.products) ?? [];
  const loading = similar.isPending || (similar.data !== undefined && shown === undefined);
  return (
    <section aria-labelledby="similar-heading" className="space-y-4">
      <h2 id="similar-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Similar Products
      </h2>
      {loading ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{productMessages.noSimilar}</p>
      ) : (
        <>
          <ProductCardList products={products} label="Similar Products" />
          <LoadMore
            hasNextPage={similar.hasNextPage}
            isFetchingNextPage={similar.isFetchingNextPage}
            fetchNextPage={similar.fetchNextPage}
            automatic={false}
          />
        </>
      )}
    </section>
  );
}
