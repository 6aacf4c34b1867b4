import { productMessages } from '../products/product.messages.ts';

export const adminMessages = {
  dashboard: 'Admin dashboard',
  userDeleted: 'User deleted Successfully',
  userDeleteFailed: 'Some Error Ocuured! Can not delete this user',
  userDeleteConfirmTitle: productMessages.deleteConfirmTitle,
  userDeleteConfirm: 'This action cannot be undone. This will permanently delete the user and all their products.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  pageInvalid: 'Page must be a whole number of at least 1',
  limitInvalid: 'Limit must be a whole number from 1 to 100',
  fetchUsersFailed: 'Failed to load users.',
  noUsers: 'No users yet.',
  userHasNoListings: 'This user has not listed anything yet.',
} as const;
