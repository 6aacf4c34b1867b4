import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeadersOf } from '#server/http/security.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What every answer carries on a plain-HTTP install whose PUBLIC_URL is http://localhost:3000. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' http://localhost:3000 data: blob:;font-src 'self' data:;connect-src 'self';frame-src 'none';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v1/products', 401],
    ['an unknown API route', '/api/v1/nothing-here', 404],
    ['the health check', '/healthz', 200],
  ])('are on %s', async (_what, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(EXPECTED);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('stay the same from one request to the next (worked out once)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const second = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('ask browsers for HTTPS only on an install served over HTTPS', () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toBe("default-src 'self';upgrade-insecure-requests");
  });
});
