export const wishlistKeys = {
  list: ['wishlist'] as const,
  /** Every toggle call carries this key and its product in its variables, so one hook serves a whole grid. */
  toggle: ['wishlist', 'toggle'] as const,
};
