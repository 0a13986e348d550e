import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, withdrawalAddresses, withdrawals } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { FakePaypal } from '../../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chainTestEnv } from '../../../test/test-chain';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { customerInDebt, paypalEnv } from '../../debts/debt-test-helpers';
import { call, customerWithUsd, freshTotp } from '../withdrawal-test-helpers';
import {
  bookHotWalletFunds,
  coinBalance,
  customerWithCoin,
  hotOf,
  outsideAddress,
} from './chain-withdrawal-test-helpers';

// What a coin withdrawal and the address book refuse, each with its clear message, and who may call
// their routes. Nothing here is sent: the refusals come before any hold.
const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
const ETH = 100_000_000n;
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: chainTestEnv({
      ...paypalEnv(paypal.url),
      CHAIN_POLL_MS: '600000',
      ACCESS_TOKEN_TTL_SECONDS: '864000',
    }),
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
  await bookHotWalletFunds(t);
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

async function ask(customer: Awaited<ReturnType<typeof customerWithCoin>>, body: object) {
  const res = await call(t, 'POST', '/withdrawals', customer.headers, {
    asset: 'ETH',
    amount: '0.1',
    chain: 'ethereum',
    ...body,
    totp: await freshTotp(t, clock, customer.secret),
  });
  return { status: res.statusCode, message: res.json().message as string, code: res.json().code as string };
}

describe('a coin withdrawal is refused with a clear message', () => {
  it('for a wrong checksum, the zero address, our own addresses, or no address', async () => {
    const ann = await customerWithCoin(t, 'ETH', ETH);
    const wrong = `${EIP55.slice(0, 3)}A${EIP55.slice(4)}`;
    expect(await ask(ann, { address: wrong })).toMatchObject({
      status: 400,
      message: m.withdrawalAddressChecksum,
    });
    expect(await ask(ann, { address: `0x${'0'.repeat(40)}` })).toMatchObject({
      status: 422,
      message: m.withdrawalAddressZero,
    });
    expect(await ask(ann, { address: hotOf(t) })).toMatchObject({
      status: 422,
      message: m.withdrawalAddressOwn,
    });
    const deposit = await call(t, 'POST', '/wallet/deposit-address', ann.headers, {
      asset: 'ETH',
      chain: 'ethereum',
    });
    expect(await ask(ann, { address: deposit.json().data.address.toLowerCase() })).toMatchObject({
      status: 422,
      message: m.withdrawalAddressOwn,
    });
    expect(await ask(ann, {})).toMatchObject({ status: 400, message: m.withdrawalAddressRequired });
    expect(await ask(ann, { address: EIP55, chain: 'nowhere' })).toMatchObject({ status: 422 });
    expect(await ask(ann, { address: EIP55, amount: '0.000000001' })).toMatchObject({ status: 400 });
    expect(await coinBalance(t, ann.id, 'ETH')).toEqual({ available: ETH, locked: 0n });
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, ann.id))).toHaveLength(0);
  });

  it("for more decimals than the chain counts, as the terms' precision says (USDT: 6, not the ledger's 8)", async () => {
    const cy = await customerWithCoin(t, 'USDT', 100_00000000n);
    const terms = async (query: string) =>
      (await call(t, 'GET', `/withdrawals/terms?${query}`, cy.headers)).json().data.precision;
    expect(await terms('asset=USDT&chain=ethereum')).toBe(6);
    expect(await terms('asset=ETH&chain=ethereum')).toBe(8);
    expect(await terms('asset=USD')).toBe(2);
    const refused = await ask(cy, { asset: 'USDT', amount: '0.1234567', address: EIP55 });
    expect(refused).toMatchObject({ status: 400, message: 'Amount can have at most 6 decimal places' });
    expect(await coinBalance(t, cy.id, 'USDT')).toEqual({ available: 100_00000000n, locked: 0n });
  });

  it('for an address-book entry still in its cool-down, naming when it can be used', async () => {
    const ben = await customerWithCoin(t, 'ETH', ETH);
    const added = await call(t, 'POST', '/withdrawals/addresses', ben.headers, {
      chain: 'ethereum',
      address: EIP55.toLowerCase(),
      label: 'Ledger',
      totp: await freshTotp(t, clock, ben.secret),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ address: EIP55, label: 'Ledger', chain: 'ethereum' });
    const refused = await ask(ben, { address_id: added.json().data._id });
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(
      /^This address book entry can be used from \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    // The same address twice is refused; a wrong checksum, a missing label and a missing code too.
    const again = await call(t, 'POST', '/withdrawals/addresses', ben.headers, {
      chain: 'ethereum',
      address: EIP55,
      label: 'Again',
      totp: await freshTotp(t, clock, ben.secret),
    });
    expect(again.json()).toMatchObject({ code: 'conflict', message: m.withdrawalAddressExists });
    const bad = { chain: 'ethereum', address: `${EIP55.slice(0, 3)}A${EIP55.slice(4)}`, label: 'x' };
    expect((await call(t, 'POST', '/withdrawals/addresses', ben.headers, bad)).json().message).toBe(
      m.withdrawalAddressChecksum,
    );
    const unlabelled = { chain: 'ethereum', address: outsideAddress(), label: ' ' };
    expect((await call(t, 'POST', '/withdrawals/addresses', ben.headers, unlabelled)).json().message).toBe(
      m.withdrawalAddressLabelRequired,
    );
    const noCode = { chain: 'ethereum', address: outsideAddress(), label: 'No code' };
    expect((await call(t, 'POST', '/withdrawals/addresses', ben.headers, noCode)).statusCode).toBe(400);
    expect(
      await t.ctx.db.select().from(withdrawalAddresses).where(eq(withdrawalAddresses.userId, ben.id)),
    ).toHaveLength(1);
  });

  it('without two-factor, with an open debt, or just after a password change', async () => {
    const noFactor = await customerWithUsd(t, 0n, { twoFactor: false });
    const res = await call(t, 'POST', '/withdrawals', noFactor.headers, {
      asset: 'ETH',
      amount: '0.1',
      chain: 'ethereum',
      address: EIP55,
    });
    expect(res.json()).toMatchObject({ code: 'two_factor_required', message: m.withdrawalTwoFactorRequired });
    const book = await call(t, 'POST', '/withdrawals/addresses', noFactor.headers, {
      chain: 'ethereum',
      address: EIP55,
      label: 'x',
    });
    expect(book.json()).toMatchObject({ code: 'two_factor_required' });

    const debtor = await customerWithCoin(t, 'ETH', ETH);
    await customerInDebt(t, debtor);
    expect(await ask(debtor, { address: EIP55 })).toMatchObject({ status: 403, code: 'debt_open' });

    const changed = await customerWithCoin(t, 'ETH', ETH);
    await t.ctx.db.update(users).set({ passwordChangedAt: clock.now() }).where(eq(users.id, changed.id));
    const cooling = await ask(changed, { address: EIP55 });
    expect(cooling).toMatchObject({ status: 403, code: 'security_cool_down' });
    expect(cooling.message).toMatch(/paused until/);
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('who may call the address book and the hot wallet', () => {
  it('answers each route by who is asking', async () => {
    const owner = await customerWithCoin(t, 'ETH', ETH);
    const other = await customerWithCoin(t, 'ETH', ETH);
    const unverified = await customerWithUsd(t, 0n, { kyc: false });
    const disabled = await customerWithUsd(t, 0n);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const added = await call(t, 'POST', '/withdrawals/addresses', owner.headers, {
      chain: 'ethereum',
      address: outsideAddress(),
      label: 'Mine',
      totp: await freshTotp(t, clock, owner.secret),
    });
    const entry = added.json().data._id as string;
    const routes = [
      ['GET', '/withdrawals/addresses', undefined],
      ['POST', '/withdrawals/addresses', { chain: 'ethereum', address: outsideAddress(), label: 'x' }],
      ['POST', '/withdrawals/addresses/remove', { address_id: entry }],
      ['GET', '/admin/hot-wallet', undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await call(t, method, url, {}, payload)).statusCode, `anonymous ${url}`).toBe(401);
      const byDisabled = (await call(t, method, url, disabled.headers, payload)).statusCode;
      expect(byDisabled === 401 || byDisabled === 403, `disabled ${url}`).toBe(true);
      if (url.startsWith('/withdrawals'))
        expect(
          (await call(t, method, url, unverified.headers, payload)).json().code,
          `unverified ${url}`,
        ).toBe('kyc_required');
    }
    expect((await call(t, 'GET', '/admin/hot-wallet', owner.headers)).statusCode).toBe(403);
    // The back office has no address book of its own: an admin without KYC is refused like any customer.
    expect((await call(t, 'GET', '/withdrawals/addresses', admin.headers)).json().code).toBe('kyc_required');
    // Another customer neither sees nor removes the entry.
    expect((await call(t, 'GET', '/withdrawals/addresses', other.headers)).json().data.total).toBe(0);
    const removal = await call(t, 'POST', '/withdrawals/addresses/remove', other.headers, {
      address_id: entry,
    });
    expect(removal.statusCode).toBe(404);
    // The owner lists (searched on the server) and removes it.
    const listed = await call(t, 'GET', '/withdrawals/addresses?search=mIn&chain=ethereum', owner.headers);
    expect(listed.json().data).toMatchObject({ total: 1, content: [{ _id: entry, label: 'Mine' }] });
    expect(
      (await call(t, 'GET', '/withdrawals/addresses?search=nothing', owner.headers)).json().data.total,
    ).toBe(0);
    expect((await call(t, 'GET', '/withdrawals/addresses?limit=1000', owner.headers)).statusCode).toBe(400);
    expect(
      (await call(t, 'POST', '/withdrawals/addresses/remove', owner.headers, { address_id: entry }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'POST', '/withdrawals/addresses/remove', owner.headers, { address_id: 'x' })).statusCode,
    ).toBe(400);
    // The admin reads every coin of the hot wallet from the chain.
    const wallet = await call(t, 'GET', '/admin/hot-wallet', admin.headers);
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json().data.content).toEqual([
      expect.objectContaining({ chain: 'ethereum', asset: 'ETH', address: hotOf(t), covered: true }),
      expect.objectContaining({ chain: 'ethereum', asset: 'USDT', address: hotOf(t), covered: true }),
    ]);
  });

  it('answers 503 when the chain node does not answer, never 500', async () => {
    const dark = await createTestApp({
      env: chainTestEnv({ CHAIN_RPC_URL: 'http://127.0.0.1:9', CHAIN_POLL_MS: '600000' }),
    });
    try {
      const boss = await createTestUser(dark, { role: 'ADMIN' });
      const res = await call(dark, 'GET', '/admin/hot-wallet', boss.headers);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'chain_unavailable', message: m.chainUnavailable });
    } finally {
      await dark.close();
    }
  });
});
