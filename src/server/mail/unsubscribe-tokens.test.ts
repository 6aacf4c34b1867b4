import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUnsubscribeToken } from './unsubscribe-tokens.ts';

describe('unsubscribe tokens', () => {
  it('gives every mail a token of its own, 32 random bytes in base64url, across many refills of the random pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newUnsubscribeToken());
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(1000);
    for (const { token } of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the SHA-256 of the token', () => {
    const { token, tokenHash } = newUnsubscribeToken();
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokenHash).not.toContain(token);
  });
});
