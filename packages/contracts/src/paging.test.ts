import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminListRequestSchema } from './admin-ops';
import { adminUserListRequestSchema } from './admin-users';
import { adminAuditLogRequestSchema } from './audit-log';
import { adminKycListRequestSchema } from './kyc';
import { pagingSchema } from './paging';
import { stakesQuerySchema } from './staking';
import { adminSupportListRequestSchema, listQuerySchema } from './support';
import { historyQuerySchema } from './swap';
import { orderHistoryQuerySchema } from './trading';
import { walletTransactionsQuerySchema } from './wallet';

const list = pagingSchema({
  defaultLimit: 10,
  maxLimit: 50,
  searchMax: 20,
  orderBy: { values: { asc: 'asc', desc: 'desc', '-createdAt': 'desc' }, default: 'desc' },
  filters: { status: z.enum(['OPEN', 'DONE']).optional() },
});

describe('one paging schema', () => {
  it("reads the spec client's body, every field but search empty, as the defaults", () => {
    expect(list.parse({ page: '', limit: '', search: 'bob', orderBy: '' })).toEqual({
      page: 1,
      limit: 10,
      search: 'bob',
      orderBy: 'desc',
      status: undefined,
    });
  });

  it('reads no body, null fields and a blank search as the defaults', () => {
    const defaults = { page: 1, limit: 10, search: undefined, orderBy: 'desc', status: undefined };
    expect(list.parse(undefined)).toEqual(defaults);
    expect(list.parse(null)).toEqual(defaults);
    expect(list.parse({})).toEqual(defaults);
    expect(list.parse({ page: null, limit: null, search: '   ', orderBy: null, status: '' })).toEqual(
      defaults,
    );
  });

  it('takes numbers or numeric text, and maps orderBy to what it means', () => {
    expect(list.parse({ page: '3', limit: 50, orderBy: '-createdAt', status: 'OPEN' })).toMatchObject({
      page: 3,
      limit: 50,
      orderBy: 'desc',
      status: 'OPEN',
    });
    expect(list.parse({ page: 2, limit: '5', orderBy: 'asc' })).toMatchObject({
      page: 2,
      limit: 5,
      orderBy: 'asc',
    });
  });

  it('refuses what is out of range or unknown, and a body that is not an object', () => {
    for (const bad of [
      { page: 0 },
      { page: '1.5' },
      { page: 'x' },
      { page: 1_000_001 },
      { limit: 51 },
      { limit: '0' },
      { orderBy: 'createdAt' },
      { search: 'x'.repeat(21) },
      { status: 'GONE' },
      [],
      'page=1',
    ])
      expect(list.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('leaves out what a list does not have, and drops unknown fields', () => {
    const bare = pagingSchema({ defaultLimit: 5, maxLimit: 5 });
    expect(bare.parse({ search: 'x', orderBy: 'asc', role: 'ADMIN' })).toEqual({ page: 1, limit: 5 });
  });
});

describe("every list's defaults", () => {
  const empty = { page: '', limit: '', search: '', orderBy: '' };
  it.each([
    ['admin users', adminUserListRequestSchema, { page: 1, limit: 10, orderBy: 'desc' }],
    ['admin KYC', adminKycListRequestSchema, { page: 1, limit: 10, orderBy: 'desc' }],
    ['admin support', adminSupportListRequestSchema, { page: 1, limit: 10, orderBy: '-createdAt' }],
    ['admin transactions and stakes', adminListRequestSchema, { page: 1, limit: 10, orderBy: 'desc' }],
    ['admin audit log', adminAuditLogRequestSchema, { page: 1, limit: 10 }],
    ['support tickets and referrals', listQuerySchema, { page: 1, limit: 10 }],
    ['wallet transactions', walletTransactionsQuerySchema, { page: 1, limit: 100 }],
    ['swap and P2P history', historyQuerySchema, { page: 1, limit: 10 }],
    ['stakes', stakesQuerySchema, { page: 1, limit: 100 }],
    ['order history', orderHistoryQuerySchema, { page: 1, limit: 500 }],
  ] as const)('%s', (_name, schema, defaults) => {
    expect(schema.parse(empty)).toMatchObject(defaults);
    expect(schema.parse(undefined)).toMatchObject(defaults);
  });

  it('keeps each largest page', () => {
    expect(adminUserListRequestSchema.safeParse({ limit: 100 }).success).toBe(true);
    expect(adminUserListRequestSchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(walletTransactionsQuerySchema.safeParse({ limit: 500 }).success).toBe(true);
    expect(walletTransactionsQuerySchema.safeParse({ limit: 501 }).success).toBe(false);
    expect(stakesQuerySchema.safeParse({ search: 'x'.repeat(41) }).success).toBe(false);
    expect(orderHistoryQuerySchema.safeParse({ search: 'x'.repeat(33) }).success).toBe(false);
  });
});
