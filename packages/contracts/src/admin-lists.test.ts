import { describe, expect, it } from 'vitest';
import { sortFields, sortOrderOf, statusField } from './admin-lists';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, pagingSchema } from './paging';

const schema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  filters: { ...sortFields(['createdAt', 'name'], 'createdAt'), ...statusField(['ACTIVE', 'DISABLED']) },
});

describe('an admin list sorts by its own columns and filters by its statuses', () => {
  it('reads sort, order and status, with blanks as missing', () => {
    expect(schema.parse({ sort: 'name', order: 'asc', status: 'ACTIVE' })).toMatchObject({
      sort: 'name',
      order: 'asc',
      status: 'ACTIVE',
    });
    expect(schema.parse({ sort: '', order: '', status: '' })).toEqual({
      page: 1,
      limit: 10,
      sort: 'createdAt',
    });
    expect(schema.parse(null)).toEqual({ page: 1, limit: 10, sort: 'createdAt' });
  });

  it('refuses a column or status the list does not have, and an unknown direction', () => {
    for (const body of [
      { sort: 'password_hash' },
      { sort: 'name; drop table users' },
      { order: 'up' },
      { status: 'ALL' },
    ])
      expect(schema.safeParse(body).success).toBe(false);
  });

  it('takes the direction from order, else from the older orderBy', () => {
    expect(sortOrderOf({ order: 'asc', orderBy: 'desc' })).toBe('asc');
    expect(sortOrderOf({ orderBy: 'asc' })).toBe('asc');
    expect(sortOrderOf({ orderBy: 'createdAt' })).toBe('asc');
    expect(sortOrderOf({ orderBy: '-createdAt' })).toBe('desc');
    expect(sortOrderOf({})).toBe('desc');
  });
});
