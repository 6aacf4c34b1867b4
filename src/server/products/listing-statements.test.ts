import { describe, expect, it } from 'vitest';
import { containsPattern } from './listing-statements.ts';

describe('containsPattern', () => {
  it('matches the term anywhere', () => {
    expect(containsPattern('lamp')).toBe('%lamp%');
  });

  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('lab_coat')).toBe('%lab\\_coat%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
