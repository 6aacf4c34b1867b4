import { useNavigate } from 'react-router';
import { CATEGORIES, type Category } from '#domain/catalog.ts';
import { homeMessages } from '#domain/home/home-copy.ts';
import { EMPTY_BROWSE_VIEW, browseSearchOf } from '#domain/products/browse.ts';
import { paths } from '#web/config/paths.ts';
import { writeStoredProductFilter } from '#web/features/products/product-filter-storage.ts';

/** Drawn by scripts/generate-web-images.ts, one per category. */
function tileImage(category: Category): string {
  return `/images/categories/${category.toLowerCase()}.webp`;
}

/** 'Shop by Categories': a tile stores that single category as the filter, then opens Products showing it. */
export function CategoryTiles() {
  const navigate = useNavigate();
  const open = (category: Category) => {
    writeStoredProductFilter({ showBuyRequests: false, filter: [category] });
    void navigate(paths.shop.browse(browseSearchOf({ ...EMPTY_BROWSE_VIEW, categories: [category] })));
  };
  return (
    <section aria-labelledby="shop-by-categories">
      <h2 id="shop-by-categories" className="text-xl font-bold text-slate-900 sm:text-2xl">
        {homeMessages.shopByCategories}
      </h2>
      <ul className="mt-4 grid grid-cols-4 gap-2 sm:gap-4 lg:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <button
              type="button"
              onClick={() => open(category)}
              className="group flex w-full flex-col items-center gap-1.5 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md sm:p-3"
            >
              <img
                src={tileImage(category)}
                alt=""
                width={400}
                height={400}
                loading="lazy"
                className="aspect-square w-full rounded-xl object-cover"
              />
              <span className="text-xs font-semibold text-slate-800 group-hover:text-brand-700 sm:text-sm">{category}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
