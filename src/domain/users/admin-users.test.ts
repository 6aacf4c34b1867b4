import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_PAGE_SIZE } from '../constants.ts';
import { adminMessages } from './admin-users.messages.ts';
import { adminUsersQuerySchema, pageOffset, totalPagesFor } from './admin-users.ts';

describe('admin users pagination', () => {
  it.each([
    [0, 15, 0],
    [1, 15, 1],
    [15, 15, 1],
    [16, 15, 2],
    [30, 15, 2],
    [31, 15, 3],
    [100, 100, 1],
  ])('needs %i rows at %i a page → %i pages', (total, limit, pages) => {
    expect(totalPagesFor(total, limit)).toBe(pages);
  });

  it('skips whole pages before the one asked for', () => {
    expect(pageOffset(1, 15)).toBe(0);
    expect(pageOffset(2, 15)).toBe(15);
    expect(pageOffset(3, 10)).toBe(20);
  });

  it('defaults to page 1 of 15 rows and reads numbers from the query string', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, limit: ADMIN_USERS_PAGE_SIZE });
    expect(adminUsersQuerySchema.parse({ page: '3', limit: '40' })).toEqual({ page: 3, limit: 40 });
  });

  it.each([{ page: '0' }, { page: '-1' }, { page: '1.5' }, { page: 'two' }])('refuses page %o', (query) => {
    const result = adminUsersQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(adminMessages.pageInvalid);
  });

  it.each([{ limit: '0' }, { limit: '101' }, { limit: 'all' }])('refuses limit %o', (query) => {
    const result = adminUsersQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(adminMessages.limitInvalid);
  });
});
