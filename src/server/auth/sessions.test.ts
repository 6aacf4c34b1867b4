import { describe, expect, it } from 'vitest';
import { hashSessionToken } from './sessions.ts';

describe('hashSessionToken', () => {
  it('stores a session under the hex SHA-256 of its token, so the sessions already stored stay valid', () => {
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
