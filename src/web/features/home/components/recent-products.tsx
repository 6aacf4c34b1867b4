import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_RECENT_PRODUCTS } from '#domain/constants.ts';
import { homeMessages } from '#domain/home/home-copy.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useProductPage } from '#web/features/products/api/get-products.ts';
import { ProductCardList, ProductGridSkeleton } from '#web/features/products/components/product-grid.tsx';

const RECENT = { sort: 'newest', limit: HOME_RECENT_PRODUCTS } as const;

/** 'Recently Added Products': the newest 10, then 'Explore More' (spec 2). */
export function RecentProducts() {
  const recent = useProductPage(RECENT);
  const products = recent.data?.products ?? [];
  return (
    <section aria-labelledby="recently-added">
      <h2 id="recently-added" className="text-lg font-bold text-slate-900 sm:text-2xl">
        {homeMessages.recentlyAdded}
      </h2>
      <div className="mt-3 sm:mt-4">
        {recent.isPending ? (
          <ProductGridSkeleton count={4} />
        ) : products.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{productMessages.noRecent}</p>
        ) : (
          <ProductCardList products={products} label={homeMessages.recentlyAdded} />
        )}
      </div>
      <div className="mt-6 flex justify-center">
        <Link to={paths.shop.products} className={buttonClasses('primary', 'lg')}>
          {homeMessages.exploreMore}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
