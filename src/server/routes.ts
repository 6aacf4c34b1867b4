import type { FastifyPluginAsync } from 'fastify';
import { listingLifecycleRoutes, savedSearchesRoutes } from './alerts/alerts.routes.ts';
import { adminStatsRoutes } from './admin-stats/admin-stats.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { blocksRoutes } from './blocks/blocks.routes.ts';
import { buyRequestsRoutes, soldOutRoutes } from './buy-requests/buy-requests.routes.ts';
import { conversationsRoutes } from './conversations/conversations.routes.ts';
import { adminJobsRoutes } from './jobs/jobs.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { adminSafeSpotsRoutes, meetupsRoutes, safeSpotsRoutes } from './meetups/meetups.routes.ts';
import { moderationAdminRoutes, reportsRoutes } from './moderation/moderation.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { adminReviewsRoutes, reviewsRoutes } from './reviews/reviews.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { wishlistRoutes } from './wishlist/wishlist.routes.ts';

/**
 * Mounts a feature whose writes change nothing a listing answer reads (a wishlist entry, a message,
 * a notification read): its writes do not wait for the listing cache (products/listing-cache.ts).
 */
function leavingListingsUnchanged(feature: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, listingAnswers: 'unchanged' };
    });
    await scope.register(feature);
  };
}

/**
 * Every API feature, mounted under /api/v1. Each feature folder owns its routes and queries;
 * routes are signed-in only unless they declare config.auth (see auth/authenticate.ts).
 */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(siteRoutes);
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(usersRoutes, { prefix: '/users' });
  await api.register(productsRoutes, { prefix: '/products' });
  // Accepting a buy request is POST /products/sold-out (spec 7); the buy-requests feature owns it.
  await api.register(soldOutRoutes, { prefix: '/products' });
  // Renew (My Listings and the mail's link): the alerts feature owns the listing lifecycle.
  await api.register(listingLifecycleRoutes, { prefix: '/products' });
  await api.register(leavingListingsUnchanged(savedSearchesRoutes), { prefix: '/saved-searches' });
  await api.register(leavingListingsUnchanged(wishlistRoutes), { prefix: '/wishlist' });
  await api.register(buyRequestsRoutes, { prefix: '/interested' });
  await api.register(adminStatsRoutes, { prefix: '/admin-stats' });
  await api.register(leavingListingsUnchanged(notificationsRoutes), { prefix: '/notifications' });
  await api.register(leavingListingsUnchanged(conversationsRoutes), { prefix: '/conversations' });
  await api.register(blocksRoutes, { prefix: '/blocks' });
  await api.register(pushRoutes, { prefix: '/push' });
  await api.register(liveRoutes);
  await api.register(adminJobsRoutes, { prefix: '/admin/jobs' });
  await api.register(reportsRoutes, { prefix: '/reports' });
  await api.register(moderationAdminRoutes, { prefix: '/admin' });
  await api.register(reviewsRoutes, { prefix: '/reviews' });
  await api.register(adminReviewsRoutes, { prefix: '/admin/reviews' });
  // Meet-ups live inside a conversation (/conversations/{id}/meetup); the meetups feature owns them.
  await api.register(meetupsRoutes, { prefix: '/conversations' });
  await api.register(safeSpotsRoutes, { prefix: '/meetup-spots' });
  await api.register(adminSafeSpotsRoutes, { prefix: '/admin/meetup-spots' });
};
