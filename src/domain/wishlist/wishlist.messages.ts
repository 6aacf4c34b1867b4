export const wishlistMessages = {
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  addFailed: 'Failed',
  addError: 'Server error',
  removeFailed: 'Failed to remove from wishlist',
  removeError: 'Error removing from wishlist',
  empty: 'Your wishlist is currently empty.',
  ownListing: 'You cannot wishlist your own listing.',
  addLabel: (title: string) => `Add ${title} to wishlist`,
  removeLabel: (title: string) => `Remove ${title} from wishlist`,
  addTitle: 'Add to wishlist',
  removeTitle: 'Remove from wishlist',
} as const;
