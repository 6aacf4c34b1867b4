import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Public facts about this deployment the pages show: footer and About contacts, the map. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      config: { auth: 'public' },
      schema: {
        response: {
          200: z.object({
            success: z.literal(true),
            contactEmail: z.string(),
            contactPhone: z.string(),
            campusMapEmbedUrl: z.string().nullable(),
          }),
        },
      },
    },
    async () => ({
      success: true as const,
      contactEmail: app.config.contactEmail,
      contactPhone: app.config.contactPhone,
      campusMapEmbedUrl: app.config.campusMapEmbedUrl ?? null,
    }),
  );
};
