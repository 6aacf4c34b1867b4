import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from '#web/components/layout/admin-layout.tsx';
import { ShopLayout } from '#web/components/layout/shop-layout.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { AppShell } from './app-shell.tsx';
import { GuestOnly, RequireSession, RootRedirect, UnknownPath } from './guards.tsx';
import { UnauthorizedPage } from './unauthorized-page.tsx';

/** Screens load on demand, so the login page does not carry the whole shop. */
const screens = {
  login: () => import('#web/features/auth/login-page.tsx').then((m) => m.LoginPage),
  register: () => import('#web/features/auth/register-page.tsx').then((m) => m.RegisterPage),
  forgotPassword: () => import('#web/features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  home: () => import('#web/features/home/home-page.tsx').then((m) => m.HomePage),
  products: () => import('#web/features/products/products-page.tsx').then((m) => m.ProductsPage),
  productDetail: () => import('#web/features/products/product-detail-page.tsx').then((m) => m.ProductDetailPage),
  sell: () => import('#web/features/sell/sell-page.tsx').then((m) => m.SellPage),
  myListings: () => import('#web/features/listings/my-listings-page.tsx').then((m) => m.MyListingsPage),
  about: () => import('#web/features/about/about-page.tsx').then((m) => m.AboutPage),
  account: () => import('#web/features/account/account-page.tsx').then((m) => m.AccountPage),
  sellerProfile: () => import('#web/features/profile/seller-profile-page.tsx').then((m) => m.SellerProfilePage),
  adminDashboard: () => import('#web/features/admin/admin-dashboard-page.tsx').then((m) => m.AdminDashboardPage),
  userManagement: () => import('#web/features/admin/user-management-page.tsx').then((m) => m.UserManagementPage),
  userListings: () => import('#web/features/admin/user-listings-page.tsx').then((m) => m.UserListingsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return path === ''
    ? { index: true, lazy: async () => ({ Component: await load() }) }
    : { path, lazy: async () => ({ Component: await load() }) };
}

/** The /user pages belong to both kinds of user: admins see them in the admin frame. */
function UserAreaLayout() {
  return useCurrentUser().isAdmin ? <AdminLayout /> : <ShopLayout />;
}

/**
 * A guarded area: its guard runs first (so an unknown path inside it still redirects as spec 2
 * says), then its pages in their frame, and nothing for an unknown path the guard lets through.
 */
function area(path: string, guard: RouteObject['element'], layout: RouteObject['element'], pages: RouteObject[]): RouteObject {
  return {
    path,
    element: guard,
    children: [
      { element: layout, children: pages },
      { path: '*', element: null },
    ],
  };
}

/** The route table of spec section 2. */
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: 'auth',
        element: <GuestOnly />,
        children: [
          page('login', screens.login),
          page('register', screens.register),
          page('forgot-password', screens.forgotPassword),
        ],
      },
      area('shop', <RequireSession area="shop" />, <ShopLayout />, [
        page('', screens.home),
        page('products', screens.products),
        page('products/:id', screens.productDetail),
        page('sell', screens.sell),
        page('listings', screens.myListings),
        page('about', screens.about),
      ]),
      area('user', <RequireSession area="user" />, <UserAreaLayout />, [
        page('userAccount', screens.account),
        page('userProfile/:id', screens.sellerProfile),
      ]),
      area('admin', <RequireSession area="admin" />, <AdminLayout />, [
        page('dashboard', screens.adminDashboard),
        page('products', screens.products),
        page('products/:id', screens.productDetail),
        page('users', screens.userManagement),
        page('user/listings/:userId', screens.userListings),
        page('about', screens.about),
      ]),
      {
        path: 'unauth-page',
        element: <RequireSession area="signed-in" />,
        children: [{ index: true, element: <UnauthorizedPage /> }],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
]);
