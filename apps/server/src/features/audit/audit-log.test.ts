import { auditLogCsvHeader } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS } from '../auth/auth-test-helpers';

/** The audit log as an operator reads it (issue 46 point 6): filtered, sorted, paged, as money, as CSV. */
let t: TestApp;
let root: TestUser;
let ops: TestUser;
let carol: TestUser;
let dave: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  root = await createTestUser(t, { role: 'ADMIN', name: 'Root Admin' });
  ops = await createTestUser(t, { role: 'ADMIN', name: 'Ops Olga' });
  carol = await createTestUser(t, { name: 'Carol Customer' });
  dave = await createTestUser(t, { name: 'Dave Debtor' });
  const at = (day: string) => new Date(`${day}T12:00:00.000Z`);
  await t.ctx.db.insert(adminAuditLog).values([
    {
      adminId: root.id,
      action: 'ROLE_CHANGED',
      targetUserId: carol.id,
      details: { from: 'USER', to: 'ADMIN' },
      createdAt: at('2026-11-01'),
    },
    {
      adminId: ops.id,
      action: 'DEBT_WRITTEN_OFF',
      targetUserId: dave.id,
      details: { debt_id: '7', amount: '646', asset: 'USD', note: 'goodwill' },
      createdAt: at('2026-11-02'),
    },
    {
      adminId: ops.id,
      action: 'KYC_APPROVED',
      targetUserId: carol.id,
      details: { kyc_id: 'k1' },
      createdAt: at('2026-11-03'),
    },
    {
      adminId: root.id,
      action: 'NFT_SEND_REQUESTED',
      targetUserId: root.id,
      details: { item: 'n1', value_cents: '12345' },
      createdAt: at('2026-11-04'),
    },
  ]);
});
afterAll(async () => t.close());

const log = async (body: unknown, headers: Record<string, string> = root.headers) => {
  const res = await post(t, '/admin/audit-log', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    content: { action: string; details: Record<string, unknown>; admin: { email: string } }[];
    total: number;
  };
};
const csv = (query: string, headers: Record<string, string> = root.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/audit-log/export.csv${query}`, headers });

describe('who may read the audit log and download the admin lists', () => {
  it.each([
    ['POST', '/admin/audit-log'],
    ['GET', '/admin/audit-log/export.csv'],
    ['GET', '/admin/get-all-users/export.csv'],
  ] as const)('%s %s: anonymous 401, a customer (KYC or not) 403, an admin 200', async (method, url) => {
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    expect((await call({})).statusCode).toBe(401);
    expect((await call(customer.headers)).statusCode).toBe(403);
    expect((await call(verified.headers)).statusCode).toBe(403);
    expect((await call(ops.headers)).statusCode).toBe(200);
  });

  it('refuses a column it does not sort by, a bad day and a bad action with a 400', async () => {
    for (const body of [
      { sort: 'details' },
      { from: '2026-13-01' },
      { action: 'drop table' },
      { order: 'sideways' },
    ]) {
      const res = await post(t, '/admin/audit-log', body, root.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await csv('?sort=password_hash')).statusCode).toBe(400);
  });
});

describe('the audit log screen', () => {
  it('filters by admin, action, target and days, and pages newest first', async () => {
    expect((await log({ action: 'ROLE_CHANGED' })).content.map((l) => l.action)).toEqual(['ROLE_CHANGED']);
    expect((await log({ admin: 'olga' })).content.map((l) => l.action)).toEqual([
      'KYC_APPROVED',
      'DEBT_WRITTEN_OFF',
    ]);
    expect((await log({ target: 'carol' })).total).toBe(2);
    expect((await log({ from: '2026-11-02', to: '2026-11-03' })).content.map((l) => l.action)).toEqual([
      'KYC_APPROVED',
      'DEBT_WRITTEN_OFF',
    ]);
    const second = await log({ limit: 1, page: 2 });
    expect(second.total).toBe(4);
    expect(second.content.map((l) => l.action)).toEqual(['KYC_APPROVED']);
  });

  it('sorts by action either way', async () => {
    expect((await log({ sort: 'action', order: 'asc' })).content.map((l) => l.action)).toEqual([
      'DEBT_WRITTEN_OFF',
      'KYC_APPROVED',
      'NFT_SEND_REQUESTED',
      'ROLE_CHANGED',
    ]);
    expect((await log({ sort: 'action', order: 'desc', limit: 1 })).content[0]?.action).toBe('ROLE_CHANGED');
  });

  it('shows amounts as money: a 6.46 USD debt reads 6.46 USD, not 646, and a value in cents reads dollars', async () => {
    const [debt] = (await log({ action: 'DEBT_WRITTEN_OFF' })).content;
    expect(debt?.details).toEqual({ debt_id: '7', amount: '6.46', asset: 'USD', note: 'goodwill' });
    const [send] = (await log({ action: 'NFT_SEND_REQUESTED' })).content;
    expect(send?.details).toEqual({ item: 'n1', value_usd: '123.45' });
  });

  it('downloads the same filtered, sorted lines as CSV, amounts as money', async () => {
    const res = await csv('?admin=olga&sort=action&order=asc&page=3&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(auditLogCsvHeader.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('DEBT_WRITTEN_OFF');
    expect(lines[1]).toContain('amount: 6.46 USD');
    expect(lines[2]).toContain('KYC_APPROVED');
  });
});

describe('the user list sorts and filters on the server', () => {
  it('sorts by name, filters by account status and downloads the same as CSV', async () => {
    const zed = await createTestUser(t, { name: 'Zed Sortlast' });
    await createTestUser(t, { name: 'Abe Sortfirst' });
    const list = async (body: unknown) =>
      (await post(t, '/admin/get-all-users', body, root.headers))
        .json()
        .data.content.map((u: { name: string }) => u.name);
    expect(await list({ search: 'Sort', sort: 'name', order: 'asc' })).toEqual([
      'Abe Sortfirst',
      'Zed Sortlast',
    ]);
    expect(await list({ search: 'Sort', sort: 'name', order: 'desc' })).toEqual([
      'Zed Sortlast',
      'Abe Sortfirst',
    ]);
    await post(
      t,
      '/admin/set-user-status',
      { userId: zed.id, status: 'DISABLED', reason: 'test' },
      root.headers,
    );
    expect(await list({ search: 'Sort', status: 'DISABLED' })).toEqual(['Zed Sortlast']);
    expect(await list({ search: 'Sort', status: 'ACTIVE' })).toEqual(['Abe Sortfirst']);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/get-all-users/export.csv?search=Sort&sort=name&order=asc',
      headers: root.headers,
    });
    const rows = file.body.trim().split('\r\n');
    expect(rows[0]).toBe('created_utc,name,email,phone,role,status,kyc_verified,wallet_usd');
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(['Abe Sortfirst', 'Zed Sortlast']);
  });
});
