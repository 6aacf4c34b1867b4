import { type BrowseView, browseViewFromSearch } from '#domain/products/browse.ts';
import { readStoredProductFilter } from './product-filter-storage.ts';

/**
 * The view a Products address shows (issue 22). The address decides; only a bare
 * /shop/products, which names no filter at all, takes the filter kept on the device (spec 4:
 * categories and 'Show Buy Requests' are restored on load), and the page then writes it into its
 * address. The Products nav link clears that record, so it always opens everything.
 */
export function browseViewOf(search: string): BrowseView {
  const view = browseViewFromSearch(search);
  if (search.replace(/^\?/, '') !== '') return view;
  const stored = readStoredProductFilter();
  return { ...view, categories: stored.filter, requested: stored.showBuyRequests };
}
