import { messages as m } from '@exchange/contracts';
import { HOUSE_USER_EMAIL } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { PRODUCT_HOLD_SOURCES } from '../../hold-sources';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { logIn, post, ROOMY_LIMITS, registerVerified } from '../auth/auth-test-helpers';
import { balances, fund, limitOrder, place } from '../trading/trading-test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Root Admin' });
});
afterAll(async () => t.close());

const call = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  post(t, url, payload, headers);

describe('who may call the admin user routes', () => {
  const routes: [string, (target: string) => unknown][] = [
    ['/admin/get-all-users', () => ({})],
    ['/admin/get-userDetails', (target) => ({ userId: target })],
    ['/admin/set-user-status', (target) => ({ userId: target, status: 'ACTIVE' })],
    ['/admin/audit-log', () => ({})],
  ];

  it.each(routes)(
    '%s: anonymous 401, a customer (KYC or not) 403, a disabled admin 401, an admin 200',
    async (url, body) => {
      const target = await createTestUser(t);
      const customer = await createTestUser(t);
      const verified = await createTestUser(t, { kyc: true });
      const disabledAdmin = await createTestUser(t, { role: 'ADMIN' });
      await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabledAdmin.id));

      expect((await call(url, body(target.id), {})).statusCode).toBe(401);
      expect((await call(url, body(target.id), customer.headers)).statusCode).toBe(403);
      expect((await call(url, body(target.id), verified.headers)).statusCode).toBe(403);
      expect((await call(url, body(target.id), disabledAdmin.headers)).statusCode).toBe(401);
      const ok = await call(url, body(target.id));
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );

  it('refuses malformed bodies with a 400 and an unknown user with a 404', async () => {
    expect((await call('/admin/get-all-users', { page: 0 })).statusCode).toBe(400);
    expect((await call('/admin/get-userDetails', { userId: 'nope' })).statusCode).toBe(400);
    const unknown = await call('/admin/get-userDetails', { userId: '00000000-0000-4000-8000-000000000099' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.adminUserNotFound);
    expect((await call('/admin/set-user-status', { userId: admin.id, status: 'GONE' })).statusCode).toBe(400);
  });
});

describe('the user list', () => {
  it('pages 10 at a time across 25+ users and searches name, e-mail and phone on the server', async () => {
    for (let i = 0; i < 26; i += 1)
      await createTestUser(t, { name: `Paging Person ${String(i).padStart(2, '0')}` });
    const first = (await call('/admin/get-all-users', { search: 'paging person' })).json().data;
    expect(first).toMatchObject({ total: 26, page: 1, limit: 10 });
    expect(first.content).toHaveLength(10);
    // Newest first by default.
    expect(first.content[0].name).toBe('Paging Person 25');
    const third = (await call('/admin/get-all-users', { search: 'paging person', page: 3 })).json().data;
    expect(third.content.map((u: { name: string }) => u.name)).toEqual([
      'Paging Person 05',
      'Paging Person 04',
      'Paging Person 03',
      'Paging Person 02',
      'Paging Person 01',
      'Paging Person 00',
    ]);
    const asc = (await call('/admin/get-all-users', { search: 'paging person', orderBy: 'asc' })).json().data;
    expect(asc.content[0].name).toBe('Paging Person 00');

    const byEmail = await createTestUser(t, { name: 'Email Target' });
    const found = (await call('/admin/get-all-users', { search: byEmail.email.toUpperCase() })).json().data;
    expect(found.content.map((u: { _id: string }) => u._id)).toEqual([byEmail.id]);
    await t.ctx.db.update(users).set({ mobileNo: '7771234999' }).where(eq(users.id, byEmail.id));
    const byPhone = (await call('/admin/get-all-users', { search: '1234999' })).json().data;
    expect(byPhone.content.map((u: { _id: string }) => u._id)).toEqual([byEmail.id]);
    // As the list writes it: the calling code with a plus, a space, then the number.
    for (const search of ['+1 7771234999', '+1 777-123-4999']) {
      const written = (await call('/admin/get-all-users', { search })).json().data;
      expect(written.content.map((u: { _id: string }) => u._id)).toEqual([byEmail.id]);
    }
    // A literal % matches nothing rather than everything.
    expect((await call('/admin/get-all-users', { search: '%' })).json().data).toMatchObject({
      total: 0,
      content: [],
    });
  });

  it("reads the spec client's payload, every field but search sent empty, as the defaults", async () => {
    const older = await createTestUser(t, { name: 'Spec Client Older' });
    const newer = await createTestUser(t, { name: 'Spec Client Newer' });
    const res = await call('/admin/get-all-users', {
      page: '',
      limit: '',
      search: 'spec client',
      orderBy: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(data.content.map((u: { _id: string }) => u._id)).toEqual([newer.id, older.id]);
    const blank = await call('/admin/get-all-users', { page: '', limit: '', search: '', orderBy: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().data).toMatchObject({ page: 1, limit: 10 });
    // Numbers as text are read as numbers; a value outside the list's range is still refused.
    const typed = await call('/admin/get-all-users', {
      page: '1',
      limit: '1',
      search: 'spec client',
      orderBy: 'asc',
    });
    expect(typed.json().data.content.map((u: { _id: string }) => u._id)).toEqual([older.id]);
    expect((await call('/admin/get-all-users', { limit: '101' })).statusCode).toBe(400);
    expect((await call('/admin/get-all-users', { orderBy: 'sideways' })).statusCode).toBe(400);
  });

  it("leaves out the house liquidity account, the exchange's own, as the dashboard's user count does", async () => {
    // The migrations made it, a SYSTEM account: no trade or house tick has run in this database.
    const found = (await call('/admin/get-all-users', { search: 'house' })).json().data;
    expect(found).toMatchObject({ total: 0, content: [] });
    const all = (await call('/admin/get-all-users', { limit: 100 })).json().data;
    expect(all.content.map((u: { email: string }) => u.email)).not.toContain(HOUSE_USER_EMAIL);
    const customers = all.content.filter((u: { role: string }) => u.role === 'USER').length;
    const dashboard = (await call('/admin/admin-dashboard', undefined)).json().data;
    expect(customers).toBe(dashboard.totalUserCount);
  });

  it('will not show or change the house liquidity account: disabling it would sweep its resting orders', async () => {
    const [house] = await t.ctx.db.select().from(users).where(eq(users.kind, 'SYSTEM'));
    for (const status of ['ACTIVE', 'DISABLED']) {
      const res = await call('/admin/set-user-status', { userId: house!.id, status, reason: 'House' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.adminUserNotFound);
    }
    const details = await call('/admin/get-userDetails', { userId: house!.id });
    expect(details.statusCode).toBe(404);
    expect(details.json().message).toBe(m.adminUserNotFound);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, house!.id));
    expect(after!.status).toBe('DISABLED');
  });

  it('shows each user with KYC state and the USD balance', async () => {
    const rich = await createTestUser(t, { kyc: true, name: 'Rich Listing' });
    await fund(t, rich, 'USD', '1234.5');
    const [row] = (await call('/admin/get-all-users', { search: 'Rich Listing' })).json().data.content;
    expect(row).toMatchObject({
      _id: rich.id,
      email: rich.email,
      is_kyc_verified: true,
      status: 'ACTIVE',
      role: 'USER',
      kycdata: [],
      wallet_usd: '1234.50',
    });
  });
});

describe("a user's information page", () => {
  it('answers userData, referalInfo, kycData, resp, trasationData and walletData', async () => {
    const user = await createTestUser(t, { kyc: true, name: 'Detail Person' });
    await fund(t, user, 'USDT', '100');
    const res = await call('/admin/get-userDetails', { userId: user.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.userData).toMatchObject({ _id: user.id, name: 'Detail Person', status: 'ACTIVE' });
    expect(data.referalInfo).toEqual({ user_earned: '0.00', total_users_used: 0 });
    expect(data.kycData).toEqual([]);
    expect(data.resp).toEqual([]);
    expect(Array.isArray(data.trasationData)).toBe(true);
    const usdt = data.walletData.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt.balance).toBe('100.00000000');
  });
});

describe('disabling an account', () => {
  it('signs the user out at once, refuses their login, cancels their open orders and keeps their funds; enabling lets them back', async () => {
    await registerVerified(t, 'mallory@example.com');
    const session = await logIn(t, 'mallory@example.com');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    await t.ctx.db.update(users).set({ isKycVerified: true }).where(eq(users.id, row!.id));
    const mallory: TestUser = {
      id: row!.id,
      email: row!.email,
      sessionId: '',
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
    await fund(t, mallory, 'USDT', '1000');
    expect((await place(t, mallory, limitOrder('buy', '0.01', '50000'))).statusCode).toBe(200);
    expect((await balances(t, mallory)).USDT).toEqual({ balance: '499.00000000', locked: '501.00000000' });

    const unexplained = await call('/admin/set-user-status', { userId: mallory.id, status: 'DISABLED' });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().message).toBe(m.adminActionReasonRequired);
    const disable = await call('/admin/set-user-status', {
      userId: mallory.id,
      status: 'DISABLED',
      reason: 'Card fraud reported',
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(disable.json()).toMatchObject({
      message: m.accountDisabledByAdmin,
      data: { status: 'DISABLED', cancelled_orders: 1 },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: mallory.headers });
    expect(me.statusCode).toBe(401);
    const refused = await post(t, '/auth/login', { email: 'mallory@example.com', password: 'Sunrise#2026' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled', message: m.accountDisabled });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refreshtoken',
      cookies: { refresh_token: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    // The hold is released and the funds are all still there.
    const wallet = (await call('/admin/get-userDetails', { userId: mallory.id })).json().data.walletData
      .wallet;
    const usdt = wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt).toMatchObject({ balance: '1000.00000000', locked: '0.00000000' });
    await expectLedgerConsistent(t.ctx.db, { holdSources: PRODUCT_HOLD_SOURCES });

    const enable = await call('/admin/set-user-status', { userId: mallory.id, status: 'ACTIVE' });
    expect(enable.json()).toMatchObject({ message: m.accountEnabledByAdmin, data: { status: 'ACTIVE' } });
    const again = await post(t, '/auth/login', { email: 'mallory@example.com', password: 'Sunrise#2026' });
    expect(again.statusCode).toBe(200);

    const log = (await call('/admin/audit-log', { userId: mallory.id })).json().data;
    expect(log.total).toBe(2);
    expect(log.content.map((l: { action: string }) => l.action)).toEqual([
      'ACCOUNT_ENABLED',
      'ACCOUNT_DISABLED',
    ]);
    expect(log.content[1]).toMatchObject({
      admin: { _id: admin.id, name: 'Root Admin' },
      target: { _id: mallory.id, email: 'mallory@example.com' },
      details: { from: 'ACTIVE', to: 'DISABLED', reason: 'Card fraud reported' },
    });
    const all = (await call('/admin/audit-log', {})).json().data;
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('will not let an admin disable their own account', async () => {
    const res = await call('/admin/set-user-status', { userId: admin.id, status: 'DISABLED', reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(m.cannotDisableSelf);
  });
});
