export const buyRequestKeys = {
  all: ['buy-requests'] as const,
  /** The ids of the listings the caller asked for (spec 7's get-buy-requests/{userId}). */
  requested: (userId: string) => ['buy-requests', 'requested', userId] as const,
  mine: ['buy-requests', 'mine'] as const,
  interested: (productId: string) => ['buy-requests', 'interested', productId] as const,
};
