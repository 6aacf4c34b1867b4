/**
 * The admin statistics calls' answers and the dashboard that shows them (issue 9). Kept apart
 * from messages.ts, which every page loads, so these texts travel only with the dashboard.
 */
export const adminStatsMessages = {
  byCategory: 'Listings per category fetched successfully',
  byCondition: 'Listings per condition fetched successfully',
  perMonth: 'New listings per month fetched successfully',
  salesPerMonth: 'Sales per month fetched successfully',
  users: 'User statistics fetched successfully',
  lifecycle: 'Listing expiry statistics fetched successfully',
  expiredListings: 'Expired listings',
  expiredListingsHint: 'Not renewed in time: hidden until their sellers renew them',
  students: 'Students',
  studentsHint: 'Accounts that are not admins',
  sellers: 'Sellers',
  sellersHint: 'Have listed at least one item',
  activeSellers: 'Active sellers',
  activeSellersHint: 'Listed an item in the last month',
  listings: 'Listings',
  listingsHint: 'Shown to students, on sale or sold (hidden ones are not counted)',
  categoryChart: 'Listings per category',
  conditionChart: 'Listings per condition',
  /** Both per-category and per-condition charts count what the Listings total counts. */
  shownListingsScope: 'Listings shown to students, as in the Listings total',
  monthlyListingsChart: 'New listings per month',
  monthlyListingsPeriod: 'This month and the three before: every listing created, hidden ones too',
  monthlySalesChart: 'Sales per month',
  monthlySalesPeriod: 'This month and the two before, by the date of the sale, hidden listings too',
  /** Issue 23: what those sales fetched (sold prices: accepted offers or asking prices). */
  salesValue: (amount: string) => `Sold for ${amount} in all`,
  category: 'Category',
  condition: 'Condition',
  month: 'Month',
  listingsColumn: 'Listings',
  salesColumn: 'Sales',
  noListingsTitle: 'No listings yet',
  noListings: 'Charts of listings and sales appear here once students start selling.',
  noNewListings: 'No new listings in these months.',
  noSales: 'No sales in these months.',
  loading: 'Loading statistics',
  loadFailed: 'Could not load these statistics.',
} as const;
