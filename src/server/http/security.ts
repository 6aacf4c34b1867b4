import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const mapOrigin = config.campusMapEmbedUrl ? new URL(config.campusMapEmbedUrl).origin : null;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the image cropper position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos are answered as absolute URLs of PUBLIC_URL, which may not be the name the page was opened by.
        imgSrc: [
          "'self'",
          new URL(config.publicUrl).origin,
          // Photos in object storage are fetched from the bucket's own address.
          ...(config.storage.driver === 's3' ? [new URL(config.storage.publicUrl).origin] : []),
          'data:',
          'blob:',
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: mapOrigin ? [mapOrigin] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    });
  }
}
