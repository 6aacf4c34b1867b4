import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { LISTINGS_PER_DAY } from '#domain/moderation/moderation.ts';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import { SEARCH_SUGGESTIONS_MAX } from '#domain/products/browse.ts';
import { myListingsQuerySchema, productListQuerySchema, searchSuggestionsQuerySchema } from '#domain/products/product.schemas.ts';
import {
  myListingsResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  productSavedResponseSchema,
  searchSuggestionsResponseSchema,
} from '#domain/products/product.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { idParam } from '../http/ids.ts';
import { type RateLimitRule, enforceRateLimits } from '../http/rate-limit.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findProductCard } from './listing-statements.ts';
import { loadProductCard, toProduct } from './product.mapper.ts';
import { type ListingChangeContext, createListing, editListing, removeListing } from './product-changes.ts';
import { readProductForm } from './product-form.ts';
import { findTitleSuggestions } from './products.repository.ts';
import { type ListingReadContext, listMyListings, listProducts } from './product-listing.ts';

/**
 * Creating or editing a listing decodes up to five photos. Sixty saves an hour is far more than a
 * seller clearing out a hostel room needs, and caps what one account can make the server decode.
 */
export const LISTING_SAVES_PER_USER: RateLimitRule = {
  name: 'listing-save:user',
  limit: 60,
  windowMs: 60 * 60_000,
  message: authMessages.tooManyRequestsRetry,
};

/** New listings per student per day (issue 13: spam protection); admins are not counted. */
export const NEW_LISTINGS_PER_DAY: RateLimitRule = {
  name: 'listing-create:day',
  limit: LISTINGS_PER_DAY,
  windowMs: 24 * 60 * 60_000,
  message: moderationMessages.tooManyListings,
};

/** Ids are UUIDs; anything else names no product: 404, with the route's notFoundMessage. */
const idParams = z.object({ id: idParam });
const productRoute = { notFoundMessage: productMessages.notFound };

const messageResponse = z.object({ success: z.literal(true), msg: z.string() });

/** Routes of the products feature (spec section 7); sold-out belongs to the buy-requests feature. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers come from the listing cache, which drops what each catalogue change touches (listing-cache.ts).
  const cache = app.listingCache;
  const reads: ListingReadContext = {
    db: app.db,
    statements: app.dbHandle,
    storage: app.storage,
    searchCounts: cache.searchCounts,
    searchMatches: cache.searchMatches,
    priceCounters: cache.priceCounters,
    catalogueOrders: cache.catalogueOrders,
    catalogueOrderRows: app.config.listingOrderRows,
  };
  const changes = (log: ListingChangeContext['log']): ListingChangeContext => ({
    db: app.db,
    storage: app.storage,
    images: app.imageQueue,
    log,
    clock: app.clock,
    jobs: app.jobs,
    listingTtlDays: app.config.listingTtlDays,
    events: app.events,
  });

  const savedProduct = async (id: string, msg: string, viewer: UserRow) => {
    const product = await loadProductCard(app.db, app.storage, id, { viewer });
    if (!product) throw notFound(productMessages.notFound);
    return { success: true as const, msg, product };
  };

  // A repeated list read is answered before its query is validated (listing-cache.ts), by the URL
  // as sent and the blocked sellers; with the caller too where the query may make the answer theirs.
  const listAlias = async (request: FastifyRequest) => {
    const sent = request.query as Record<string, unknown>;
    const personal = sent.requested !== undefined || sent.sellerId !== undefined;
    return [request.url, personal ? currentUser(request).id : null, await cache.blockedIdsOf(app.db, request)];
  };
  app.get(
    '/',
    {
      preValidation: cache.answerBeforeValidation(listAlias),
      schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const { query } = request;
      const blockedIds = await cache.blockedIdsOf(app.db, request);
      // Besides the query: whose buy requests, whether the seller reads their own hidden listings, and blocks.
      const parts = ['products', query, query.requested ? caller.id : null, query.sellerId === caller.id, blockedIds];
      const scope = { list: true, requestedBy: query.requested ? caller.id : undefined };
      return cache.send(reply, caller, parts, scope, (personal) => listProducts(reads, query, caller, { blockedIds, personal }));
    },
  );

  // Suggestions as a student types in the search box: cached like the lists, a few rows each.
  app.get(
    '/suggestions',
    { schema: { querystring: searchSuggestionsQuerySchema, response: { 200: searchSuggestionsResponseSchema } } },
    async (request, reply) => {
      const caller = currentUser(request);
      const q = request.query.q.toLowerCase();
      const hiddenSellerIds = await cache.blockedIds(app.db, caller.id);
      return cache.send(reply, caller, ['suggestions', q, hiddenSellerIds], { list: true }, async () => ({
        success: true as const,
        suggestions: await findTitleSuggestions(app.db, q, { limit: SEARCH_SUGGESTIONS_MAX, hiddenSellerIds }),
      }));
    },
  );

  app.get(
    '/:id',
    {
      config: { auth: 'optional', ...productRoute },
      // A repeated read is answered before its id is validated, by the URL as sent.
      preValidation: cache.answerBeforeValidation((request) => [request.url]),
      schema: { params: idParams, response: { 200: productResponseSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Without a session the seller's e-mail and phone and the buyer stay out (architecture: wire contract).
      const viewer = request.user;
      return cache.send(reply, viewer, ['product', id], {}, async (personal) => {
        const card = await findProductCard(app.dbHandle, id);
        if (!card) throw notFound(productMessages.notFound);
        return { success: true as const, product: toProduct(card, app.storage, { viewer, personal }) };
      });
    },
  );

  app.get(
    '/my-listings/:userId',
    {
      config: { notFoundMessage: profileMessages.notFound },
      schema: {
        params: z.object({ userId: idParam }),
        querystring: myListingsQuerySchema,
        response: { 200: myListingsResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const { userId } = request.params;
      if (userId !== caller.id && !caller.isAdmin) throw forbidden(authMessages.onlyOwnListings);
      // Spec 6: an admin's own My Listings shows every product.
      const everything = caller.isAdmin && userId === caller.id;
      return cache.send(reply, caller, ['my-listings', userId, everything, request.query], { list: true }, (personal) =>
        listMyListings(reads, { userId, everything }, request.query, { viewer: caller, personal }),
      );
    },
  );

  /** Counted before the form is read, so a refused call costs no decoding. */
  const limitSaves = (seller: UserRow) =>
    enforceRateLimits(app.db, app.clock, [{ rule: LISTING_SAVES_PER_USER, subject: seller.id }]);

  app.post('/createProduct', { schema: { response: { 201: productSavedResponseSchema } } }, async (request, reply) => {
    const seller = currentUser(request);
    // The slot first: refused, the call costs neither a rate-limit hit nor reading its photos.
    const id = await app.uploadSlots.run(seller.id, async () => {
      await limitSaves(seller);
      if (!seller.isAdmin) await enforceRateLimits(app.db, app.clock, [{ rule: NEW_LISTINGS_PER_DAY, subject: seller.id }]);
      const form = await readProductForm(request);
      return createListing(changes(request.log), seller, form);
    });
    return reply.status(201).send(await savedProduct(id, productMessages.uploaded, seller));
  });

  app.patch(
    '/edit/:id',
    { config: productRoute, schema: { params: idParams, response: { 200: productSavedResponseSchema } } },
    async (request) => {
      const { id } = request.params;
      const editor = currentUser(request);
      await app.uploadSlots.run(editor.id, async () => {
        await limitSaves(editor);
        const form = await readProductForm(request);
        await editListing(changes(request.log), editor, id, form);
      });
      return savedProduct(id, productMessages.updated, editor);
    },
  );

  app.delete(
    '/delete/:id',
    { config: productRoute, schema: { params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      const { id } = request.params;
      await removeListing(changes(request.log), currentUser(request), id);
      return { success: true as const, msg: productMessages.deleted };
    },
  );
};
