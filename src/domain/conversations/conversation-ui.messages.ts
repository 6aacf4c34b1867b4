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
