import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalEntries,
  kycRecords,
  paymentOrders,
  stakeOptions,
  stakes,
  supportTickets,
  userDebts,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

/**
 * The stakes, KYC, tickets and debts lists as an operator works them (issue 46 point 7): sorted by a
 * column either way, filtered by status on the server, and downloaded as CSV with the same query.
 */
let t: TestApp;
let admin: TestUser;
let abe: TestUser;
let zed: TestUser;
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Ada Admin' });
  abe = await createTestUser(t, { name: 'Abe Listfirst' });
  zed = await createTestUser(t, { name: 'Zed Listlast' });
  const options = await t.ctx.db.select().from(stakeOptions);
  const btc = options.find((o) => o.asset === 'BTC')!;
  const usdt = options.find((o) => o.asset === 'USDT')!;
  const stake = (
    user: TestUser,
    option: typeof btc,
    days: number,
    status: 'ACTIVE' | 'SUCCESS',
    day: string,
  ) => ({
    userId: user.id,
    optionId: option.id,
    asset: option.asset,
    principal: '1000000',
    apyBps: 800,
    days,
    startDate: at(day),
    endDate: at(day),
    status,
    createdAt: at(day),
  });
  await t.ctx.db
    .insert(stakes)
    .values([stake(abe, usdt, 90, 'ACTIVE', '2026-11-01'), stake(zed, btc, 30, 'SUCCESS', '2026-11-02')]);
  const kyc = (user: TestUser, status: 'PENDING' | 'APPROVED', day: string) => ({
    userId: user.id,
    firstName: user === abe ? 'Abe' : 'Zed',
    lastName: 'Listed',
    mobileNo: '5550100',
    countryCode: '1',
    dob: '1990-01-01',
    city: 'Town',
    state: 'State',
    country: 'US',
    documents: [],
    status,
    ...(status === 'APPROVED' ? { decidedBy: admin.id, decidedAt: at(day) } : {}),
    createdAt: at(day),
  });
  await t.ctx.db
    .insert(kycRecords)
    .values([kyc(abe, 'PENDING', '2026-11-03'), kyc(zed, 'APPROVED', '2026-11-01')] as never);
  await t.ctx.db.insert(supportTickets).values([
    {
      userId: abe.id,
      subject: 'Zebra crossing',
      description: 'x',
      status: 'PENDING',
      createdAt: at('2026-11-01'),
    },
    {
      userId: zed.id,
      subject: 'Apple pay',
      description: 'y',
      status: 'SUCCESS',
      createdAt: at('2026-11-02'),
    },
  ] as never);
  for (const [user, amount, status, day] of [
    [abe, '500', 'OPEN', '2026-11-01'],
    [zed, '100', 'SETTLED', '2026-11-02'],
  ] as const) {
    const [order] = await t.ctx.db
      .insert(paymentOrders)
      .values({
        userId: user.id,
        provider: 'PAYPAL',
        providerOrderId: `order-${user.id}`,
        asset: 'USD',
        amount,
        status: 'REVERSED',
      } as never)
      .returning();
    const [entry] = await t.ctx.db
      .insert(journalEntries)
      .values({ kind: 'TEST', reference: `debt-test:${user.id}`, userId: user.id })
      .returning();
    await t.ctx.db.insert(userDebts).values({
      userId: user.id,
      asset: 'USD',
      amount,
      paymentOrderId: order!.id,
      entryId: entry!.id,
      reason: 'REVERSED',
      status,
      ...(status === 'SETTLED' ? await settled(user) : {}),
      createdAt: at(day),
    } as never);
  }
});
afterAll(async () => t.close());

/** A settled debt's columns: written off by the admin, with its own journal entry. */
async function settled(user: TestUser) {
  const [entry] = await t.ctx.db
    .insert(journalEntries)
    .values({ kind: 'TEST', reference: `debt-settle-test:${user.id}`, userId: user.id })
    .returning();
  return {
    settlement: 'WRITTEN_OFF',
    settledAt: at('2026-11-05'),
    settledBy: admin.id,
    settlementEntryId: entry!.id,
  };
}

const lists = [
  { path: '/admin/get-all-stake', rows: (d: any) => d.content, name: (r: any) => r.userdata.name },
  { path: '/admin/get-all-kyc', rows: (d: any) => d.data.content, name: (r: any) => r.user.name },
  { path: '/admin/getAllSupport', rows: (d: any) => d.data.content, name: (r: any) => r.userdata.name },
  { path: '/admin/debts', rows: (d: any) => d.content, name: (r: any) => r.user.name },
] as const;

const names = async (path: string, body: object) => {
  const list = lists.find((l) => l.path === path)!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (list.rows(res.json().data) as unknown[]).map(list.name).filter((n) => n !== 'Ada Admin');
};
const csv = async (path: string, query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1${path}/export.csv${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body.trim().split('\r\n');
};

describe('who may download the stakes, KYC, tickets and debts lists', () => {
  it.each(lists.map((l) => l.path))(
    '%s/export.csv: anonymous 401, a customer (KYC or not) 403, an admin 200',
    async (path) => {
      const customer = await createTestUser(t);
      const verified = await createTestUser(t, { kyc: true });
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: `/api/v1${path}/export.csv`, headers });
      expect((await call({})).statusCode).toBe(401);
      expect((await call(customer.headers)).statusCode).toBe(403);
      expect((await call(verified.headers)).statusCode).toBe(403);
      expect((await call(admin.headers)).statusCode).toBe(200);
    },
  );

  it.each(lists.map((l) => l.path))(
    '%s refuses a column it does not sort by and an unknown status',
    async (path) => {
      for (const body of [{ sort: 'password_hash' }, { status: 'drop table' }, { order: 'sideways' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1${path}`,
          headers: admin.headers,
          payload: body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/v1${path}/export.csv?sort=x`,
        headers: admin.headers,
      });
      expect(bad.statusCode).toBe(400);
    },
  );
});

describe('sort, status and CSV', () => {
  it('stakes: by term or token either way, one status, the same rows in the CSV', async () => {
    const path = '/admin/get-all-stake';
    expect(await names(path, {})).toEqual(['Zed Listlast', 'Abe Listfirst']);
    expect(await names(path, { sort: 'days', order: 'desc' })).toEqual(['Abe Listfirst', 'Zed Listlast']);
    expect(await names(path, { sort: 'asset', order: 'asc' })).toEqual(['Zed Listlast', 'Abe Listfirst']);
    expect(await names(path, { status: 'SUCCESS' })).toEqual(['Zed Listlast']);
    const rows = await csv(path, '?sort=days&order=asc&status=ACTIVE');
    expect(rows[0]).toBe(
      'created_utc,customer,email,token,principal,days,interest_rate,payout,status,transaction_id,id',
    );
    expect(rows.slice(1).map((r) => r.split(',').slice(1, 2).concat(r.split(',')[5]!))).toEqual([
      ['Abe Listfirst', '90'],
    ]);
  });

  it('KYC: by name either way, one status, the same rows in the CSV', async () => {
    const path = '/admin/get-all-kyc';
    expect(await names(path, { search: 'List', sort: 'name', order: 'desc' })).toEqual([
      'Zed Listlast',
      'Abe Listfirst',
    ]);
    expect(await names(path, { search: 'List', sort: 'createdAt', order: 'asc' })).toEqual([
      'Zed Listlast',
      'Abe Listfirst',
    ]);
    expect(await names(path, { search: 'List', status: 'PENDING' })).toEqual(['Abe Listfirst']);
    const rows = await csv(path, '?search=List&sort=name&order=asc');
    expect(rows[0]).toBe(
      'created_utc,customer,email,first_name,last_name,status,identity_flagged,decided_utc,id',
    );
    expect(rows.slice(1).map((r) => r.split(',')[1])).toEqual(['Abe Listfirst', 'Zed Listlast']);
  });

  it('tickets: by subject either way, one status, the same rows in the CSV', async () => {
    const path = '/admin/getAllSupport';
    expect(await names(path, { sort: 'subject', order: 'asc' })).toEqual(['Zed Listlast', 'Abe Listfirst']);
    expect(await names(path, { sort: 'subject', order: 'desc' })).toEqual(['Abe Listfirst', 'Zed Listlast']);
    expect(await names(path, { status: 'SUCCESS' })).toEqual(['Zed Listlast']);
    const rows = await csv(path, '?sort=subject&order=asc&status=PENDING');
    expect(rows[0]).toBe('created_utc,updated_utc,customer,email,subject,status,answered_utc,id');
    expect(rows.slice(1).map((r) => r.split(',')[4])).toEqual(['Zebra crossing']);
  });

  it('debts: by amount either way, one status, the same rows in the CSV', async () => {
    const path = '/admin/debts';
    expect(await names(path, { sort: 'amount', order: 'asc' })).toEqual(['Zed Listlast', 'Abe Listfirst']);
    expect(await names(path, { sort: 'amount', order: 'desc' })).toEqual(['Abe Listfirst', 'Zed Listlast']);
    expect(await names(path, { status: 'OPEN' })).toEqual(['Abe Listfirst']);
    const rows = await csv(path, '?sort=amount&order=desc');
    expect(rows[0]).toBe(
      'created_utc,customer,email,asset,amount,reason,order_id,status,settlement,settled_utc,settled_by,id',
    );
    expect(rows.slice(1).map((r) => r.split(',')[4])).toEqual(['5.00', '1.00']);
  });
});
