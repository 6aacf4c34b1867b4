import { groupIndianDigits } from '../number-format.ts';
import { MESSAGE_MAX_CHARS } from './conversation.constants.ts';

/** Minutes or seconds, whichever reads better, for "try again in …". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Every user-facing text of conversations and blocking (issue 12). */
export const conversationMessages = {
  // Exact wording of the issue.
  blocked: 'You cannot contact this user.',
  listingRemoved: 'This listing was removed',
  deletedUser: 'Deleted user',
  messageSeller: 'Message seller',
  seen: 'Seen',

  // Refusals.
  notFound: 'Conversation not found',
  listingNotFound: 'Product not found',
  userNotFound: 'User not found',
  bodyRequired: 'Write a message first',
  bodyTooLong: `A message can be at most ${groupIndianDigits(MESSAGE_MAX_CHARS)} characters`,
  bodyNul: 'A message cannot contain a NUL character',
  ownListing: 'You cannot message yourself about your own listing',
  listingSold: 'This listing is sold: you can no longer start a conversation about it',
  listingDeleted: 'This listing was removed: you can no longer start a conversation about it',
  otherUserDeleted: 'This user deleted their account: the conversation can be read but not answered',
  tooManyPerMinute: (seconds: number) => `You are sending messages too fast. Try again in ${waitText(seconds)}.`,
  tooManyPerDay: (seconds: number) => `You have sent the most messages allowed for one day. Try again in ${waitText(seconds)}.`,
  cursorInvalid: 'The page cursor is not valid',
  limitInvalid: 'Limit must be a whole number from 1 to 100',
  cannotBlockSelf: 'You cannot block yourself',

  // Confirmations.
  blockedConfirm: (name: string) => `${name} is blocked: they can no longer contact you, and you will not see their listings.`,
  unblockedConfirm: (name: string) => `${name} is unblocked.`,
  markedRead: 'Conversation marked as read',

  // Notification and mail.
  notificationTitle: 'New message',
  mailSubject: (otherName: string, productTitle: string) => `${otherName} wrote to you about "${productTitle}"`,
  // System lines as the conversation shows them.
  systemAccepted: 'The seller accepted the buy request. The listing is sold.',
  systemRejected: 'The seller declined the buy request.',
  buyRequestLabel: 'Buy request',
  emptyInbox: 'No conversations yet. Message a seller from a listing to start one.',
} as const;
