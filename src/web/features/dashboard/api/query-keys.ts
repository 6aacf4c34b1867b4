/** The admin statistics, cached under one root so a future change can refresh them together. */
export const dashboardKeys = {
  all: ['admin', 'stats'] as const,
  categories: ['admin', 'stats', 'categories'] as const,
  conditions: ['admin', 'stats', 'conditions'] as const,
  monthlyListings: ['admin', 'stats', 'monthly-listings'] as const,
  monthlySales: ['admin', 'stats', 'monthly-sales'] as const,
  users: ['admin', 'stats', 'users'] as const,
  lifecycle: ['admin', 'stats', 'lifecycle'] as const,
};
