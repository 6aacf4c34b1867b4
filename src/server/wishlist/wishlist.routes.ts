import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestedProductIdsResponseSchema } from '#domain/buy-requests/buy-request.wire.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { wishlistChangeResponseSchema, wishlistResponseSchema } from '#domain/wishlist/wishlist.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { findRequestedProductIds } from '../buy-requests/buy-requests.repository.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { idParam } from '../http/ids.ts';
import { loadProductCards } from '../products/product.mapper.ts';
import { addWishlistItem, findWishlistProductIds, removeWishlistItem } from './wishlist.repository.ts';

const productParams = z.object({ productId: idParam });
/** A path id that is no id names no product. */
const productRoute = { notFoundMessage: productMessages.notFound };

/**
 * get-wishlist answers full product cards in one unpaged list (spec 7), so it is capped: the
 * newest entries, far more than anyone keeps, and a bounded answer however many are stored.
 */
export const WISHLIST_MAX_RETURNED = 200;

/** /api/v1/wishlist (spec 7): the caller's wishlist, and the ids of the listings they asked for. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get-wishlist', { schema: { response: { 200: wishlistResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const ids = await findWishlistProductIds(app.db, user.id, WISHLIST_MAX_RETURNED);
    return { success: true as const, wishlistProducts: await loadProductCards(app.db, app.storage, ids, { viewer: user }) };
  });

  app.post(
    '/add/:productId',
    { config: productRoute, schema: { params: productParams, response: { 200: wishlistChangeResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { productId } = request.params;
      const listing = await addWishlistItem(app.dbHandle, user.id, productId);
      if (!listing) throw notFound(productMessages.notFound);
      if (listing.sellerId === user.id) throw forbidden(wishlistMessages.ownListing);
      return { success: true as const, msg: wishlistMessages.added };
    },
  );

  app.delete(
    '/delete/:productId',
    { config: productRoute, schema: { params: productParams, response: { 200: wishlistChangeResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { productId } = request.params;
      // Removing what is not there is still "removed": a double click must not show an error.
      if (!(await removeWishlistItem(app.dbHandle, user.id, productId))) throw notFound(productMessages.notFound);
      return { success: true as const, msg: wishlistMessages.removed };
    },
  );

  app.get(
    '/get-buy-requests/:userId',
    {
      config: { notFoundMessage: profileMessages.notFound },
      schema: { params: z.object({ userId: idParam }), response: { 200: requestedProductIdsResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.params.userId !== user.id) throw forbidden(authMessages.onlyOwnBuyRequests);
      return { success: true as const, buyRequests: await findRequestedProductIds(app.db, user.id) };
    },
  );
};
