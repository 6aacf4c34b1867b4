import { BannerCarousel } from './components/banner-carousel.tsx';
import { CategoryTiles } from './components/category-tiles.tsx';
import { RecentProducts } from './components/recent-products.tsx';

/** Home (spec 2): banner carousel, 'Shop by Categories', 'Recently Added Products'. */
export function HomePage() {
  return (
    <div className="space-y-10 sm:space-y-12">
      <h1 className="sr-only">Campus Market</h1>
      <BannerCarousel />
      <CategoryTiles />
      <RecentProducts />
    </div>
  );
}
