import type { ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * The headers helmet sets for these options, worked out once. They depend on the configuration
 * only (no CSP nonces), and @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on
 * every request (a few percent of an uncached API call's CPU in profiles).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeadersOf(helmetOptions(config));
  // Every answer, pages, files, errors and 404s included; a route may still override one (uploads' CORP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    });
  }
}

function helmetOptions(config: Config): HelmetOptions {
  const mapOrigin = config.campusMapEmbedUrl ? new URL(config.campusMapEmbedUrl).origin : null;
  return {
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
  };
}
