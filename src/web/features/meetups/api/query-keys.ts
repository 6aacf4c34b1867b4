export const meetupKeys = {
  all: ['meetups'] as const,
  conversation: (conversationId: string) => ['meetups', 'conversation', conversationId] as const,
  spots: ['meetups', 'spots'] as const,
  adminSpots: ['admin', 'safe-spots'] as const,
};
