/** What can be sold and how it can be sorted (spec section 3). */

export const CATEGORIES = ['Books', 'Electronics', 'Clothing', 'Furniture', 'Cycle', 'Stationery', 'Others'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The filter also recognises 'All', meaning every category. */
export const ALL_CATEGORIES = 'All';

export const CORE_CONDITIONS = ['New', 'Like New', 'Good', 'Fair', 'Poor'] as const;
/** 'Excellent' appears on existing products, so it is a valid stored value. */
export const CONDITIONS = [...CORE_CONDITIONS, 'Excellent'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const DEFAULT_CONDITION: Condition = 'Good';

export const PRODUCT_SORTS = ['priceLowHigh', 'priceHighLow', 'newest', 'oldest', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  priceLowHigh: 'Price: Low to High',
  priceHighLow: 'Price: High to Low',
  newest: 'Newest',
  oldest: 'Oldest',
  rating: 'Rating',
};
export const PRODUCT_SORT_PLACEHOLDER = 'Sort By';

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
