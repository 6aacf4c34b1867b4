import { useNavigate } from 'react-router';
import { EMPTY_BROWSE_VIEW, browseSearchOf } from '#domain/products/browse.ts';
import { ONE_COLUMN_MEDIA } from '#domain/products/photo-sources.ts';
import { paths } from '#web/config/paths.ts';
import { SearchBox } from '#web/features/products/search/search-box.tsx';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { BannerCarousel } from './components/banner-carousel.tsx';
import { CategoryTiles } from './components/category-tiles.tsx';
import { RecentProducts } from './components/recent-products.tsx';

/**
 * Home (spec 2): the search box (issue 22), banner carousel, 'Shop by Categories', 'Recently
 * Added Products'. On a phone the newest listings come first, right under the search box, as in
 * the apps students know: four whole cards on the first screen (issue 22), the banner and the
 * categories below them. The order is the page's own (not CSS), so focus and reading follow it.
 */
export function HomePage() {
  const navigate = useNavigate();
  const phone = useMediaQuery(ONE_COLUMN_MEDIA);
  return (
    <div className="space-y-4 sm:space-y-10">
      <h1 className="sr-only">Campus Market</h1>
      <div className="sticky top-16 z-30 -mx-4 bg-slate-50/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
        <SearchBox
          value=""
          onSearch={(q) => q && void navigate(paths.shop.browse(browseSearchOf({ ...EMPTY_BROWSE_VIEW, q })))}
          className="mx-auto max-w-2xl"
        />
      </div>
      {phone ? (
        <>
          <RecentProducts />
          <CategoryTiles />
          <BannerCarousel />
        </>
      ) : (
        <>
          <BannerCarousel />
          <CategoryTiles />
          <RecentProducts />
        </>
      )}
    </div>
  );
}
