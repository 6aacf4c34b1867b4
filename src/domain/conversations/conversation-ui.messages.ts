/**
 * The texts of the conversation screens (issue 12), beside the API's texts in
 * conversation.messages.ts: the inbox, the conversation view, its text box, blocking and reporting.
 */
export const conversationUiMessages = {
  inboxHeading: 'Messages',
  /** The entry of the top bar and the phone's bottom bar. */
  navLabel: 'Messages',
  navLabelWithUnread: (unread: number) => (unread === 0 ? 'Messages' : `Messages, ${unread} unread`),
  unreadAnnouncement: (unread: number) => (unread === 1 ? 'You have 1 unread message' : `You have ${unread} unread messages`),
  inboxLoading: 'Loading conversations',
  inboxLoadFailed: 'Failed to load your conversations.',
  loadMoreConversations: 'Load more conversations',
  rowUnread: (unread: number) => (unread === 1 ? '1 unread message' : `${unread} unread messages`),
  you: 'You',
  aboutListing: (title: string) => `About "${title}"`,
  selectConversation: 'Choose a conversation to read it here.',

  conversationLoading: 'Loading the conversation',
  conversationLoadFailed: 'Failed to load this conversation.',
  backToInbox: 'Back to messages',
  messagesRegion: (name: string) => `Messages with ${name}`,
  loadingOlder: 'Loading older messages',
  loadOlder: 'Load older messages',
  startOfConversation: 'This is the start of your conversation.',
  today: 'Today',
  yesterday: 'Yesterday',
  statusAvailable: 'Available',
  statusSold: 'Sold',
  viewListing: 'View listing',
  messageFrom: (name: string) => `Message from ${name}`,
  newMessageAnnouncement: (name: string) => `New message from ${name}`,

  composerLabel: 'Message',
  composerPlaceholder: 'Write a message…',
  composerHint: 'Enter sends, Shift+Enter starts a new line.',
  sendButton: 'Send message',
  sendFailed: 'Your message could not be sent. Please try again.',
  cannotSend: 'You cannot contact this user.',

  composeIntro: (sellerName: string) => `Ask ${sellerName} about this listing. Your first message starts the conversation.`,
  composeLoadFailed: 'Failed to open the conversation about this listing.',

  messageActions: 'Message actions',
  report: 'Report message',

  block: 'Block',
  unblock: 'Unblock',
  blockUser: (name: string) => `Block ${name}`,
  unblockUser: (name: string) => `Unblock ${name}`,
  blockConfirmTitle: (name: string) => `Block ${name}?`,
  blockConfirmText:
    'They will no longer be able to message you or send you buy requests, and you will not see their listings. You can unblock them from your account page.',
  blockFailed: 'Failed to block this user.',
  unblockFailed: 'Failed to unblock this user.',
  youBlocked: 'You blocked this user. Unblock them to write again.',

  blockedHeading: 'Blocked users',
  blockedIntro: 'People you blocked cannot message you or send you buy requests, and you do not see their listings.',
  blockedEmpty: 'You have not blocked anyone.',
  blockedLoadFailed: 'Failed to load the people you blocked.',
  blockedSince: 'Blocked on',
} as const;

/**
 * Reporting a message (issue 13's POST /api/v1/reports, targetType 'message'): the reasons and
 * their limits as issue 13 words them.
 */
export const MESSAGE_REPORT_REASONS = ['prohibited-item', 'scam', 'offensive', 'spam', 'misleading', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 500;
export const REPORT_OTHER_MIN = 10;

export const messageReportMessages = {
  title: 'Report this message',
  description: 'Tell the admins what is wrong. The person you report is not told who reported them.',
  reasonLegend: 'Reason',
  reasons: {
    'prohibited-item': 'Prohibited item',
    scam: 'Scam or fraud',
    offensive: 'Offensive content',
    spam: 'Spam',
    misleading: 'Not available / misleading',
    other: 'Other',
  } satisfies Record<MessageReportReason, string>,
  detailsLabel: 'Details (optional)',
  detailsLabelRequired: 'Details (at least 10 characters)',
  detailsCount: (length: number) => `${length}/${REPORT_DETAILS_MAX}`,
  reasonRequired: 'Choose a reason for your report.',
  otherNeedsText: `Tell us what is wrong in at least ${REPORT_OTHER_MIN} characters.`,
  detailsTooLong: `Details can be at most ${REPORT_DETAILS_MAX} characters.`,
  submit: 'Send report',
  reported: 'Thanks — an admin will review this.',
  alreadyReported: 'You have already reported this.',
  failed: 'Failed to send your report.',
  cancel: 'Cancel',
} as const;
