/** Every conversation answer lives under 'conversations', so one invalidation refreshes inbox, badge and views. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  unread: ['conversations', 'unread'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  byProduct: (productId: string) => ['conversations', 'by-product', productId] as const,
  blocks: ['blocks'] as const,
};
