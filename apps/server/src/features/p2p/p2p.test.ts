import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';

let t: TestApp;
// The races below send dozens of transfers from one user: budgets roomy enough for them. The budgets
// themselves are tested in p2p-budgets.test.ts.
const ROOMY_P2P_LIMITS = {
  P2P_TRANSFER_LIMIT_PER_MINUTE: '1000',
  P2P_TRANSFER_LIMIT_PER_DAY: '1000',
  P2P_LOOKUP_LIMIT_PER_MINUTE: '1000',
};
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_P2P_LIMITS });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const post = (user: TestUser | null, url: string, payload: Body, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...(user?.headers ?? {}), ...headers },
    payload,
  });
const transfer = (from: TestUser, to: string, amount: unknown, coin: unknown = 'ETH', headers = {}) =>
  post(from, '/p2p/transfer', { to_email: to, amount, from_crypto_currency_code: coin }, headers);
const history = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/p2p/p2phistory${query}`, headers: user.headers });

describe('recipient look-up', () => {
  it('shows a verified recipient by name with a masked e-mail and phone number', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true, name: 'Carol Example' });
    const res = await post(alice, '/common/user/userInfo', { email: carol.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const local = carol.email.split('@')[0]!;
    expect(res.json().data).toEqual({
      name: 'Carol Example',
      email: `${local[0]}***${local[local.length - 1]}@example.com`,
      country_code: '1',
      mobile_no: '*****00',
    });
  });

  it('answers empty, malformed, unknown, self, disabled and unverified with a clear message', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: false });
    const dan = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, dan.id));
    const msg = async (email: string) =>
      (await post(alice, '/common/user/userInfo', { email })).json().message;
    expect(await msg('')).toBe('Please Enter Email Id');
    expect(await msg('not-an-email')).toBe('Please Enter Valid Email Id');
    expect(await msg('nobody@example.com')).toBe('No user found with this email');
    expect(await msg(alice.email)).toBe('You cannot transfer to yourself');
    expect(await msg(dan.email)).toBe('This account is disabled');
    expect(await msg(bob.email)).toBe('This user has not completed KYC');
    // Staff are nobody's recipient: an admin's address is answered as unknown, and nothing moves.
    const admin = await createTestUser(t, { kyc: true, role: 'ADMIN' });
    expect(await msg(admin.email)).toBe('No user found with this email');
    await fund(t, alice, 'ETH', '1');
    const sent = await transfer(alice, admin.email, '0.1');
    expect(sent.statusCode).toBe(404);
    expect(sent.json().message).toBe('No user found with this email');
    expect((await balances(t, alice)).ETH?.balance).toBe('1.00000000');
  });
});

describe('P2P transfers', () => {
  it('moves the amount in one entry, both see it in their history, the receiver gets an e-mail', async () => {
    const alice = await createTestUser(t, { kyc: true, name: 'Alice P' });
    const carol = await createTestUser(t, { kyc: true, name: 'Carol P' });
    await fund(t, alice, 'ETH', '2');
    const res = await transfer(alice, carol.email, 0.5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Transfer successful' });
    expect((await balances(t, alice)).ETH?.balance).toBe('1.50000000');
    expect((await balances(t, carol)).ETH?.balance).toBe('0.50000000');
    for (const user of [alice, carol]) {
      const list = (await history(user)).json();
      expect(list).toMatchObject({ total: 1, page: 1, limit: 10 });
      expect(list.data[0]).toMatchObject({
        senderEmail: alice.email,
        receiverEmail: carol.email,
        senderName: 'Alice P',
        receiverName: 'Carol P',
        from: { amount: '0.50000000', currency_code: 'ETH' },
        status: 'SUCCESS',
      });
    }
    // Each side sees its own phone number and the other's masked.
    expect((await history(alice)).json().data[0]).toMatchObject({
      senderMobile: '5550100',
      receiverMobile: '*****00',
    });
    expect((await history(carol)).json().data[0]).toMatchObject({
      senderMobile: '*****00',
      receiverMobile: '5550100',
    });
    expect((await history(carol, '?search=nomatch')).json().total).toBe(0);
    const mail = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, carol.email));
    expect(mail[0]?.subject).toBe('You received 0.5 ETH');
    const tx = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: carol.headers,
    });
    expect(tx.json().data[0]).toMatchObject({ operation: 'P2P_RECEIVE', to: { currency_code: 'ETH' } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("answers in the spec's order and moves nothing", async () => {
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: false });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const msg = async (to: string, amount: unknown, coin: unknown = 'ETH') =>
      (await transfer(alice, to, amount, coin)).json().message;
    expect(await msg('', '')).toBe('Please Enter Email Id');
    expect(await msg('bad', '')).toBe('Please Enter Valid Email Id');
    expect(await msg(carol.email, '', '')).toBe('Please Choose Currency');
    expect(await msg(carol.email, '')).toBe('Please Enter Amount');
    expect(await msg(carol.email, '2')).toBe('Insufficient amount');
    expect(await msg(carol.email, '0')).toBe('Amount should be greater than 0');
    expect(await msg(carol.email, -1)).toBe('Amount should be greater than 0');
    expect(await msg(alice.email, '0.1')).toBe('You cannot transfer to yourself');
    expect(await msg(bob.email, '0.1')).toBe('This user has not completed KYC');
    expect(await msg('nobody@example.com', '0.1')).toBe('No user found with this email');
    expect((await balances(t, alice)).ETH?.balance).toBe('1.00000000');
    expect((await history(alice)).json().total).toBe(0);
  });

  it('who may transfer: anonymous 401, not KYC-verified 403, an admin without KYC 403', async () => {
    const bob = await createTestUser(t, { kyc: false });
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const body = { to_email: 'x@example.com', amount: '1', from_crypto_currency_code: 'ETH' };
    for (const url of ['/p2p/transfer', '/common/user/userInfo']) {
      expect((await post(null, url, { ...body, email: 'x@example.com' })).statusCode).toBe(401);
      expect((await post(bob, url, { ...body, email: 'x@example.com' })).statusCode).toBe(403);
      expect((await post(admin, url, { ...body, email: 'x@example.com' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/p2p/p2phistory' })).statusCode).toBe(401);
    expect((await history(bob)).statusCode).toBe(403);
  });

  it('lists up to 500 transfers a page, as the history screen asks; 501 is refused', async () => {
    const alice = await createTestUser(t, { kyc: true });
    expect((await history(alice, '?limit=500')).statusCode).toBe(200);
    expect((await history(alice, '?limit=501')).statusCode).toBe(400);
  });

  it('another user sees none of a transfer they are not part of', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    const eve = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'BTC', '1');
    expect((await transfer(alice, carol.email, '0.1', 'BTC')).statusCode).toBe(200);
    expect((await history(eve)).json()).toMatchObject({ total: 0, data: [] });
  });

  it('an Idempotency-Key retry answers the first result and transfers once', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const key = { 'idempotency-key': 'p2p-1' };
    expect((await transfer(alice, carol.email, '0.25', 'ETH', key)).statusCode).toBe(200);
    const second = await transfer(alice, carol.email, '0.25', 'ETH', key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t, carol)).ETH?.balance).toBe('0.25000000');
  });

  it('50 parallel transfers racing one balance never overdraw; nothing is created or lost', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(alice, carol.email, '0.03')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(33);
    expect(
      results.filter((r) => r.statusCode !== 200).every((r) => r.json().message === 'Insufficient amount'),
    ).toBe(true);
    expect((await balances(t, alice)).ETH?.balance).toBe('0.01000000');
    expect((await balances(t, carol)).ETH?.balance).toBe('0.99000000');
    expect((await history(carol, '?limit=100')).json().total).toBe(33);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('A→B and B→A transfers in parallel never deadlock', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    await fund(t, a, 'ETH', '10');
    await fund(t, b, 'ETH', '10');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? transfer(a, b.email, '0.1') : transfer(b, a.email, '0.2'),
      ),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    expect((await balances(t, a)).ETH?.balance).toBe('12.00000000');
    expect((await balances(t, b)).ETH?.balance).toBe('8.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });
});
