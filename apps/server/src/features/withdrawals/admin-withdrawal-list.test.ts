import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

/**
 * The withdrawal queue as an operator works it (issue 46 points 5 and 7): sorted by its columns
 * either way on the server, filtered by status, the queue oldest first, and downloaded as a CSV with
 * the same query.
 */
let t: TestApp;
let admin: TestUser;
let abe: TestUser;
let zed: TestUser;
const ids: Record<string, string> = {};
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Ada Admin' });
  abe = await createTestUser(t, { kyc: true, name: 'Abe Queuefirst' });
  zed = await createTestUser(t, { kyc: true, name: 'Zed Queuelast' });
  // Cents: small, large, middle; the two waiting ones requested on different days.
  const rows = [
    ['small', abe, '1000', 'PENDING_APPROVAL', '2026-11-03'],
    ['large', zed, '900000', 'PENDING_APPROVAL', '2026-11-01'],
    ['middle', abe, '50000', 'COMPLETED', '2026-11-02'],
    ['rejected', zed, '2000', 'REJECTED', '2026-11-04'],
  ] as const;
  for (const [name, user, cents, status, day] of rows) {
    ids[name] = randomUUID();
    await t.ctx.db.insert(withdrawals).values({
      id: ids[name]!,
      userId: user.id,
      asset: 'USD',
      method: 'paypal',
      destination: `${name}@example.com`,
      amount: cents,
      fee: '0',
      valueCents: cents,
      status,
      ...(status === 'REJECTED' ? { reason: 'Not you', decidedBy: admin.id, decidedAt: at(day) } : {}),
      createdAt: at(day),
      updatedAt: at(day),
    });
  }
});
afterAll(async () => t.close());

const list = async (body: object): Promise<string[]> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/withdrawals',
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.map((w: { destination: string }) => w.destination.split('@')[0]);
};
const csv = async (query: string): Promise<string[][]> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/withdrawals/export.csv${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
};

describe('the withdrawal queue sorts and filters on the server', () => {
  it('keeps the queue oldest first, as before (orderBy createdAt)', async () => {
    expect(await list({ status: 'PENDING_APPROVAL', orderBy: 'createdAt' })).toEqual(['large', 'small']);
  });

  it('sorts by USD value, coin, status and time either way', async () => {
    expect(await list({ sort: 'value', order: 'desc' })).toEqual(['large', 'middle', 'rejected', 'small']);
    expect(await list({ sort: 'value', order: 'asc' })).toEqual(['small', 'rejected', 'middle', 'large']);
    expect(await list({ sort: 'createdAt', order: 'desc' })).toEqual([
      'rejected',
      'small',
      'middle',
      'large',
    ]);
    expect((await list({ sort: 'status', order: 'asc' }))[0]).toBe('middle');
    expect(await list({ sort: 'asset', order: 'asc', status: 'REJECTED' })).toEqual(['rejected']);
  });

  it('refuses a column it does not sort by, an unknown status and a direction, changing nothing', async () => {
    for (const body of [{ sort: 'password_hash' }, { status: 'drop table' }, { order: 'sideways' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/withdrawals',
        headers: admin.headers,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/withdrawals/export.csv?sort=x',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the withdrawal queue as a CSV file', () => {
  it('anonymous 401, a customer (KYC or not) 403, an admin 200', async () => {
    const customer = await createTestUser(t);
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/withdrawals/export.csv', headers });
    expect((await call({})).statusCode).toBe(401);
    expect((await call(customer.headers)).statusCode).toBe(403);
    expect((await call(abe.headers)).statusCode).toBe(403);
    expect((await call(admin.headers)).statusCode).toBe(200);
  });

  it('holds the rows the list matches, in its order, with the customer, USD value and decider', async () => {
    const [header, ...rows] = await csv('?sort=value&order=desc');
    expect(header).toContain('value_usd');
    const id = header!.indexOf('id');
    expect(rows.map((r) => r[id])).toEqual([ids.large, ids.middle, ids.rejected, ids.small]);
    const rejected = rows.find((r) => r[id] === ids.rejected)!;
    expect(rejected[header!.indexOf('decided_by')]).toBe('Ada Admin');
    expect(rejected[header!.indexOf('customer')]).toBe('Zed Queuelast');
    expect(rejected[header!.indexOf('value_usd')]).toBe('20.00');
  });

  it('applies the status filter, the search and the queue order, as the screen does', async () => {
    const [header, ...rows] = await csv('?status=PENDING_APPROVAL&orderBy=createdAt');
    const id = header!.indexOf('id');
    expect(rows.map((r) => r[id])).toEqual([ids.large, ids.small]);
    const [, ...abes] = await csv('?search=Queuefirst&sort=createdAt&order=asc');
    expect(abes.map((r) => r[id])).toEqual([ids.middle, ids.small]);
  });
});
