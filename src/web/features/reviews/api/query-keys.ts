export const reviewKeys = {
  all: ['reviews'] as const,
  ofUser: (userId: string) => ['reviews', 'user', userId] as const,
  sale: (productId: string) => ['reviews', 'sale', productId] as const,
};
