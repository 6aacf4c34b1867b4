export const wishlistKeys = {
  list: ['wishlist'] as const,
  /** One toggle per product at a time; the key tells every heart of that product it is busy. */
  toggle: (productId: string) => ['wishlist', 'toggle', productId] as const,
};
