import type { ReactElement } from 'react';
import { type RouteObject, matchRoutes, useRoutes } from 'react-router';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { LoginPage } from '#web/features/auth/login-page.tsx';
import { type LazyWithPreload, lazyWithPreload } from '#web/lib/lazy-with-preload.ts';
import { AppShell } from './app-shell.tsx';
import { GuestOnly, RequireSession, RootRedirect, UnknownPath } from './guards.tsx';

/**
 * Screens and frames load on demand, so the login page carries neither the shop nor its frame.
 * The login screen itself comes with the entry: it is where a visitor lands, it is small, and
 * its form pieces are the ones every other screen shares, so a visitor gets one file and a
 * signed-in page one file fewer (issue 10).
 */
const screens = {
  register: lazyWithPreload(() => import('#web/features/auth/register-page.tsx').then((m) => m.RegisterPage)),
  forgotPassword: lazyWithPreload(() => import('#web/features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
  home: lazyWithPreload(() => import('#web/features/home/home-page.tsx').then((m) => m.HomePage)),
  products: lazyWithPreload(() => import('#web/features/products/products-page.tsx').then((m) => m.ProductsPage)),
  productDetail: lazyWithPreload(() => import('#web/features/products/product-detail-page.tsx').then((m) => m.ProductDetailPage)),
  sell: lazyWithPreload(() => import('#web/features/sell/sell-page.tsx').then((m) => m.SellPage)),
  myListings: lazyWithPreload(() => import('#web/features/listings/my-listings-page.tsx').then((m) => m.MyListingsPage)),
  about: lazyWithPreload(() => import('#web/features/about/about-page.tsx').then((m) => m.AboutPage)),
  account: lazyWithPreload(() => import('#web/features/account/account-page.tsx').then((m) => m.AccountPage)),
  sellerProfile: lazyWithPreload(() => import('#web/features/profile/seller-profile-page.tsx').then((m) => m.SellerProfilePage)),
  adminDashboard: lazyWithPreload(() => import('#web/features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
  userManagement: lazyWithPreload(() => import('#web/features/admin/user-management-page.tsx').then((m) => m.UserManagementPage)),
  userListings: lazyWithPreload(() => import('#web/features/admin/user-listings-page.tsx').then((m) => m.UserListingsPage)),
  jobs: lazyWithPreload(() => import('#web/features/admin/jobs-page.tsx').then((m) => m.JobsPage)),
  reports: lazyWithPreload(() => import('#web/features/moderation/reports-page.tsx').then((m) => m.ReportsPage)),
  audit: lazyWithPreload(() => import('#web/features/moderation/audit-page.tsx').then((m) => m.AuditPage)),
  safeSpots: lazyWithPreload(() => import('#web/features/meetups/safe-spots-page.tsx').then((m) => m.SafeSpotsPage)),
  notifications: lazyWithPreload(() =>
    import('#web/features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage),
  ),
  messages: lazyWithPreload(() => import('#web/features/conversations/messages-page.tsx').then((m) => m.MessagesPage)),
  unsubscribe: lazyWithPreload(() => import('#web/features/notifications/unsubscribe-page.tsx').then((m) => m.UnsubscribePage)),
  renew: lazyWithPreload(() => import('#web/features/alerts/renew-page.tsx').then((m) => m.RenewPage)),
  unauthorized: lazyWithPreload(() => import('./unauthorized-page.tsx').then((m) => m.UnauthorizedPage)),
};

const layouts = {
  shop: lazyWithPreload(() => import('#web/components/layout/shop-layout.tsx').then((m) => m.ShopLayout)),
  admin: lazyWithPreload(() => import('#web/components/layout/admin-layout.tsx').then((m) => m.AdminLayout)),
};

/** What to fetch ahead for a route: its screen or frame (see preloadScreensFor). */
interface RouteHandle {
  preload: () => unknown;
}

/** A frame or page route: its element, and how to fetch its code ahead. */
interface ScreenRoute {
  element: ReactElement;
  handle: RouteHandle;
}

function screen(Screen: LazyWithPreload): ScreenRoute {
  return { element: <Screen />, handle: { preload: Screen.preload } };
}

function page(path: string, Screen: LazyWithPreload): RouteObject {
  return path === '' ? { index: true, ...screen(Screen) } : { path, ...screen(Screen) };
}

/** The /user pages belong to both kinds of user: admins see them in the admin frame. */
function UserAreaLayout() {
  return useCurrentUser().isAdmin ? <layouts.admin /> : <layouts.shop />;
}

/**
 * A guarded area: its guard runs first (so an unknown path inside it still redirects as spec 2
 * says), then its pages in their frame, and nothing for an unknown path the guard lets through.
 */
function area(path: string, guard: ReactElement, layout: ScreenRoute, pages: RouteObject[]): RouteObject {
  return {
    path,
    element: guard,
    children: [
      { ...layout, children: pages },
      { path: '*', element: null },
    ],
  };
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: 'auth',
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          page('register', screens.register),
          page('forgot-password', screens.forgotPassword),
        ],
      },
      area('shop', <RequireSession area="shop" />, screen(layouts.shop), [
        page('', screens.home),
        page('products', screens.products),
        page('products/:id', screens.productDetail),
        page('sell', screens.sell),
        page('listings', screens.myListings),
        page('about', screens.about),
      ]),
      area(
        'user',
        <RequireSession area="user" />,
        // Which frame depends on who signs in; both are small, so both are fetched ahead.
        {
          element: <UserAreaLayout />,
          handle: { preload: () => Promise.all([layouts.shop.preload(), layouts.admin.preload()]) },
        },
        [
          page('userAccount', screens.account),
          page('userProfile/:id', screens.sellerProfile),
          page('notifications', screens.notifications),
          // One route, so opening a conversation keeps the inbox beside it mounted (and scrolled).
          page('messages/:conversationId?', screens.messages),
        ],
      ),
      area('admin', <RequireSession area="admin" />, screen(layouts.admin), [
        page('dashboard', screens.adminDashboard),
        page('products', screens.products),
        page('products/:id', screens.productDetail),
        page('users', screens.userManagement),
        page('user/listings/:userId', screens.userListings),
        page('jobs', screens.jobs),
        page('reports', screens.reports),
        page('audit', screens.audit),
        page('safe-spots', screens.safeSpots),
        page('about', screens.about),
      ]),
      // A mail's unsubscribe link works signed in or not, so no guard stands in front of it.
      page('unsubscribe/:token', screens.unsubscribe),
      // So does the expiry mail's renew link (issue 24).
      page('renew/:token', screens.renew),
      {
        path: 'unauth-page',
        element: <RequireSession area="signed-in" />,
        children: [page('', screens.unauthorized)],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

/**
 * Starts fetching the screen and frame of the address being opened at once, beside the
 * session check, rather than one after the other when React reaches each of them. Settles when
 * they have arrived or failed (a failure shows when React asks for the screen again).
 */
export function preloadScreensFor(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) =>
    Promise.resolve((match.route.handle as RouteHandle | undefined)?.preload()),
  );
  return Promise.allSettled(loads);
}

export function AppRoutes() {
  return useRoutes(routes);
}
