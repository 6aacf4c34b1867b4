import { LOADING_TEXT } from '../first-screen-texts.ts';
import { validationMessages } from '../validation.messages.ts';

export const productMessages = {
  uploaded: 'Product added successfully!',
  uploadFailed: 'Failed to upload product',
  updated: 'Product updated successfully',
  modifyError: 'Error Occured in modifying the product',
  editFailed: 'Failed to edit product',
  deleted: 'Product deleted Successfully',
  deleteFailed: 'Failed to delete product',
  notFound: 'Product not found',
  /** A `cursor` that is not one the server handed out, or one of another sort order. */
  pageLinkInvalid: 'This page link is no longer valid.',
  alreadySold: 'You have already sold this product!',
  deleteConfirmTitle: 'Are you absolutely sure?',
  deleteConfirm: 'This action cannot be undone. This will permanently delete your product.',
  imageDeleteConfirmTitle: 'Remove this photo?',
  imageDeleteConfirm: 'This image will be permanently removed from the listing when you save.',
  noRecent: 'No recent products found.',
  noneFound: 'No products found. Try adjusting your search or filters!',
  noSimilar: 'No similar products found.',
  noListings: "You Haven't Listed Anything Yet!",
  noListingsEncouragement:
    'Got books, gadgets or furniture you no longer need? List them in a minute and let another student put them to use.',
  loading: LOADING_TEXT,
  soldOutBadge: 'SOLD OUT',
  /** Issue 23: the seller holds it for a buyer; it stays listed, after available ones. */
  reservedBadge: 'Reserved',
  soldFor: (amount: string) => `Sold for ${amount}`,
  soldElsewhere: 'Sold elsewhere',
  notAvailable: 'Not Available',
  /** The product page's action bar (issue 22): fixed to the bottom of a phone's screen. */
  buyerActionsLabel: 'Buy or ask the seller',
  ownerActionsLabel: 'Manage your listing',
  imageTooLarge: 'Each image must be at most 10 MB.',
  imageTooManyPixels: 'This image is too large in pixels.',
  imageUnreadable: validationMessages.onlyImages,
} as const;
