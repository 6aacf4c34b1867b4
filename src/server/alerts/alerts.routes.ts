import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lifecycleMessages } from '#domain/alerts/listing-lifecycle.ts';
import {
  createSavedSearchSchema,
  savedSearchListResponseSchema,
  savedSearchMessages as m,
  savedSearchResponseSchema,
  updateSavedSearchSchema,
} from '#domain/alerts/saved-search.schemas.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { currentUser } from '../auth/authenticate.ts';
import { idParam } from '../http/ids.ts';
import { renewByLink, renewListing } from './listing-lifecycle.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './saved-searches.ts';

const messageResponse = z.object({ success: z.literal(true), msg: z.string() });
const renewLinkResponse = messageResponse.extend({ productId: z.string(), productTitle: z.string() });

/** /api/v1/products/renew…: Renew from My Listings, and the mail's one-click link (no sign-in). */
export const listingLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/renew/:id',
    {
      config: { notFoundMessage: productMessages.notFound },
      schema: { params: z.object({ id: idParam }), response: { 200: messageResponse } },
    },
    async (request) => {
      await renewListing(app.lifecycle, currentUser(request), request.params.id);
      return { success: true as const, msg: lifecycleMessages.renewed };
    },
  );

  app.post(
    '/renew-link/:token',
    {
      config: { auth: 'public', notFoundMessage: lifecycleMessages.renewLinkInvalid },
      schema: { params: z.object({ token: z.string().max(200) }), response: { 200: renewLinkResponse } },
    },
    async (request) => {
      const renewed = await renewByLink(app.lifecycle, request.params.token);
      return { success: true as const, msg: lifecycleMessages.renewed, ...renewed };
    },
  );
};

const savedSearchRoute = { notFoundMessage: m.notFound };
const idParams = z.object({ id: idParam });

/** /api/v1/saved-searches: the caller's saved searches (at most 20), listed, saved, renamed, deleted. */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: savedSearchListResponseSchema } } }, async (request) => ({
    success: true as const,
    savedSearches: await listSavedSearches(app.db, currentUser(request).id),
  }));

  app.post(
    '/',
    { schema: { body: createSavedSearchSchema, response: { 201: savedSearchResponseSchema } } },
    async (request, reply) => {
      const savedSearch = await createSavedSearch(app.db, currentUser(request).id, request.body);
      reply.code(201);
      return { success: true as const, msg: m.saved, savedSearch };
    },
  );

  app.patch(
    '/:id',
    {
      config: savedSearchRoute,
      schema: { params: idParams, body: updateSavedSearchSchema, response: { 200: savedSearchResponseSchema } },
    },
    async (request) => {
      const savedSearch = await updateSavedSearch(app.db, currentUser(request).id, request.params.id, request.body);
      return { success: true as const, msg: request.body.name !== undefined ? m.renamed : m.updated, savedSearch };
    },
  );

  app.delete(
    '/:id',
    { config: savedSearchRoute, schema: { params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await deleteSavedSearch(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, msg: m.deleted };
    },
  );
};
