/** Every route of spec section 2, in one place; links use these, never string literals. */
export const paths = {
  root: '/',
  shop: {
    home: '/shop',
    products: '/shop/products',
    /** Products showing a view (domain/products/browse.ts browseSearchOf). */
    browse: (search: string) => (search ? `/shop/products?${search}` : '/shop/products'),
    product: (id: string) => `/shop/products/${id}`,
    sell: '/shop/sell',
    listings: '/shop/listings',
    about: '/shop/about',
  },
  user: {
    account: '/user/userAccount',
    /** The account page's notification settings tab. */
    notificationSettings: '/user/userAccount?tab=notifications',
    profile: (id: string) => `/user/userProfile/${id}`,
    notifications: '/user/notifications',
    /** The inbox; beside it on a desktop, the open conversation. */
    messages: '/user/messages',
    conversation: (id: string) => `/user/messages/${id}`,
    /** 'Message seller': the conversation about that listing, or a first message that starts it. */
    messageSeller: (productId: string) => `/user/messages?product=${encodeURIComponent(productId)}`,
    /** The account page's wishlist tab. */
    wishlist: '/user/userAccount?tab=wishlist',
    /** The account page's list of blocked users. */
    blockedUsers: '/user/userAccount?tab=blocked',
    /** The account page's saved searches. */
    savedSearches: '/user/userAccount?tab=searches',
  },
  admin: {
    dashboard: '/admin/dashboard',
    products: '/admin/products',
    product: (id: string) => `/admin/products/${id}`,
    users: '/admin/users',
    userListings: (userId: string) => `/admin/user/listings/${userId}`,
    about: '/admin/about',
    jobs: '/admin/jobs',
    reports: '/admin/reports',
    audit: '/admin/audit',
    safeSpots: '/admin/safe-spots',
  },
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    forgotPassword: '/auth/forgot-password',
  },
  unauthorized: '/unauth-page',
  /** Where a mail's unsubscribe link leads; no sign-in needed. */
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
  /** Where the expiry mail's one-click renew link leads; no sign-in needed. */
  renew: (token: string) => `/renew/${token}`,
} as const;

/** Where a signed-in user belongs when a page is not theirs (spec 2, route guards). */
export function homeFor(user: { isAdmin: boolean }): string {
  return user.isAdmin ? paths.admin.dashboard : paths.shop.home;
}
