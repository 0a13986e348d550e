import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, users } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { FakePaypal } from '../../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chainTestEnv } from '../../../test/test-chain';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { customerInDebt, paypalEnv } from '../../debts/debt-test-helpers';
import {
  bookHotWalletFunds,
  coinBalance,
  customerWithCoin,
  expectReconciled,
  outsideAddress,
  runSenderUntilEnded,
  sendTick,
  withdrawalRow,
} from '../coin-sends/chain-withdrawal-test-helpers';
import { createPayoutProvider } from '../usd-payouts/payout-provider';
import { sendUsdPayouts } from '../usd-payouts/send-usd-payouts';
import {
  type Customer,
  call,
  customerWithUsd,
  freshTotp,
  mailedWithdrawalCode,
  withdrawUsd,
} from '../withdrawal-test-helpers';
import { confirmWithdrawal } from './confirm-withdrawal';

// Issue 43, item 6: the account's standing is checked again when the withdrawal is confirmed, when an
// admin approves it, when the chain job sends it and when the USD payout job would claim it. A failing check holds it in the admin queue with
// the reason: nothing is sent, the amount stays held, and it ends once (rejected and refunded, or
// approved anew once the account is fine and paid).
const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
const ETH = 100_000_000n;

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: chainTestEnv({
      ...paypalEnv(paypal.url),
      CHAIN_POLL_MS: '600000',
      CHAIN_SENDER_REPLACE_AFTER_MS: '86400000',
      ACCESS_TOKEN_TTL_SECONDS: '864000',
      WITHDRAWAL_DAILY_LIMIT_USD: '0',
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

/**
 * What goes wrong with the account after the request, the words the admin queue shows for it, and
 * whether it lasts: a password or two-factor change is over once an admin has seen it in the hold (an
 * approval sends the withdrawal then), the others hold it until the account is fine again.
 */
interface Condition {
  readonly name: string;
  readonly held: string;
  readonly lasting: boolean;
  apply(c: Customer): Promise<unknown>;
}
const conditions: Condition[] = [
  {
    name: 'the account is disabled',
    held: 'account disabled',
    lasting: true,
    apply: (c) => t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, c.id)),
  },
  {
    name: 'a debt is open',
    held: 'an open debt',
    lasting: true,
    apply: (c) => customerInDebt(t, c),
  },
  {
    name: 'the password was reset',
    held: 'password changed since the request',
    lasting: false,
    apply: (c) => {
      clock.advance(1_000);
      return t.ctx.db.update(users).set({ passwordChangedAt: clock.now() }).where(eq(users.id, c.id));
    },
  },
  {
    name: 'two-factor was set up anew',
    held: 'two-factor authentication changed since the request',
    lasting: false,
    apply: (c) => {
      clock.advance(1_000);
      return t.ctx.db.update(users).set({ totpEnabledAt: clock.now() }).where(eq(users.id, c.id));
    },
  },
  {
    name: 'two-factor was turned off',
    held: 'two-factor authentication turned off',
    lasting: true,
    apply: (c) =>
      t.ctx.db.update(users).set({ totpEnabledAt: null, totpSecret: null }).where(eq(users.id, c.id)),
  },
  {
    name: 'KYC is no longer approved',
    held: 'KYC no longer approved',
    lasting: true,
    apply: (c) => t.ctx.db.update(users).set({ isKycVerified: false }).where(eq(users.id, c.id)),
  },
];

/** A customer with 1 ETH whose 0.05 ETH withdrawal to a new address is REQUESTED: its id and code. */
async function requested() {
  const customer = await customerWithCoin(t, 'ETH', ETH);
  const res = await call(t, 'POST', '/withdrawals', customer.headers, {
    chain: 'ethereum',
    asset: 'ETH',
    amount: '0.05',
    address: outsideAddress(),
    totp: await freshTotp(t, clock, customer.secret),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data._id as string;
  return { customer, id, code: await mailedWithdrawalCode(t, customer.email) };
}

const confirm = (c: Customer, id: string, code: string) =>
  confirmWithdrawal(t.ctx, c.id, { withdrawal_id: id, code });
const approve = (id: string) =>
  call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
const reject = (id: string) =>
  call(t, 'POST', '/admin/withdrawals/reject', admin.headers, { withdrawal_id: id, reason: 'Held' });

async function sentOnChain(id: string) {
  return t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, id));
}

/** How a withdrawal leaves: its asset, the amount held, and the job that would send it. */
interface Leg {
  readonly asset: 'ETH' | 'USD';
  readonly start: bigint;
  readonly amount: bigint;
  tick(): Promise<void>;
  sent(id: string): Promise<boolean>;
}
const ethLeg: Leg = {
  asset: 'ETH',
  start: ETH,
  amount: 5_000_000n,
  tick: () => sendTick(t),
  sent: async (id) => (await sentOnChain(id)).length > 0,
};
const usdLeg: Leg = {
  asset: 'USD',
  // All of it leaves: a later chargeback finds no USD to take back and opens a debt.
  start: 20_00n,
  amount: 20_00n,
  tick: () => sendUsdPayouts(t.ctx, createPayoutProvider(t.ctx)),
  sent: async (id) => paypal.payouts.has(id),
};

/** Held in the queue with the reason, nothing sent, then rejected once: the whole amount back, once. */
async function expectHeldThenRefundedOnce(
  customer: Customer,
  id: string,
  condition: Condition,
  leg = ethLeg,
) {
  const held = condition.held;
  const row = await withdrawalRow(t, id);
  expect(row.status).toBe('PENDING_APPROVAL');
  expect(row.heldReason).not.toBeNull();
  const queue = await call(t, 'POST', '/admin/withdrawals', admin.headers, { search: customer.email });
  const item = queue.json().data.content.find((w: { _id: string }) => w._id === id);
  expect(item.held_reason).toContain(held);
  expect(item.held_reason).toMatch(/^Held: /);
  if (condition.lasting) {
    // The account is still not fine: an admin's approval keeps it held and says why.
    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(held);
    expect((await withdrawalRow(t, id)).status).toBe('PENDING_APPROVAL');
  }
  await leg.tick();
  expect(await leg.sent(id)).toBe(false);
  expect(await coinBalance(t, customer.id, leg.asset)).toEqual({
    available: leg.start - leg.amount,
    locked: leg.amount,
  });
  expect((await reject(id)).statusCode).toBe(200);
  expect((await reject(id)).statusCode).toBe(409);
  await leg.tick();
  expect(await coinBalance(t, customer.id, leg.asset)).toEqual({ available: leg.start, locked: 0n });
  expect(await leg.sent(id)).toBe(false);
}

describe('the account is checked again at every step, and a failing check holds the withdrawal', () => {
  for (const condition of conditions) {
    it(`at confirm: ${condition.name}`, async () => {
      const { customer, id, code } = await requested();
      await condition.apply(customer);
      const confirmed = await confirm(customer, id, code);
      expect(confirmed.status).toBe('PENDING_APPROVAL');
      await expectHeldThenRefundedOnce(customer, id, condition);
    });

    it(`at approve: ${condition.name}`, async () => {
      const { customer, id, code } = await requested();
      expect((await confirm(customer, id, code)).status).toBe('PENDING_APPROVAL');
      expect((await withdrawalRow(t, id)).heldReason).toBeNull();
      await condition.apply(customer);
      const refused = await approve(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^This withdrawal stays held: /);
      expect(refused.json().message).toContain(condition.held);
      await expectHeldThenRefundedOnce(customer, id, condition);
    });

    it(`at the USD payout's claim: ${condition.name}`, async () => {
      const customer = await customerWithUsd(t, usdLeg.start);
      const { id } = await withdrawUsd(t, clock, customer, '20');
      if ((await withdrawalRow(t, id)).status === 'PENDING_APPROVAL')
        expect((await approve(id)).statusCode).toBe(200);
      expect((await withdrawalRow(t, id)).status).toBe('APPROVED');
      await condition.apply(customer);
      await usdLeg.tick();
      await expectHeldThenRefundedOnce(customer, id, condition, usdLeg);
    });

    it(`at the chain send: ${condition.name}`, async () => {
      const { customer, id, code } = await requested();
      await confirm(customer, id, code);
      expect((await approve(id)).statusCode).toBe(200);
      await condition.apply(customer);
      await sendTick(t);
      await expectHeldThenRefundedOnce(customer, id, condition);
    });
  }

  it('sends a held one an admin approves anew once the account is fine, exactly once', async () => {
    const { customer, id, code } = await requested();
    await confirm(customer, id, code);
    expect((await approve(id)).statusCode).toBe(200);
    // The password is reset and the account disabled before the job sends it: held with both.
    clock.advance(1_000);
    await t.ctx.db
      .update(users)
      .set({ passwordChangedAt: clock.now(), status: 'DISABLED' })
      .where(eq(users.id, customer.id));
    await sendTick(t);
    expect(await withdrawalRow(t, id)).toMatchObject({
      status: 'PENDING_APPROVAL',
      heldReason: 'account_disabled,password_changed',
    });
    expect(await sentOnChain(id)).toEqual([]);
    // Enabled again: the admin saw the password change in the hold, so approving sends it now.
    await t.ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, customer.id));
    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    await sendTick(t);
    await sendTick(t);
    expect((await withdrawalRow(t, id)).status).toBe('SENT');
    expect(await sentOnChain(id)).toHaveLength(1);
    await runSenderUntilEnded(t, id);
    expect((await withdrawalRow(t, id)).status).toBe('COMPLETED');
    expect((await reject(id)).statusCode).toBe(409);
    expect(await coinBalance(t, customer.id, 'ETH')).toEqual({ available: ETH - 5_000_000n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('ends with a consistent ledger and custody after every hold and refund', async () => {
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });
});
