import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customerWithUsd } from '../withdrawal-test-helpers';
import { lastDepositAt } from '../withdrawals.repository';

/**
 * "A deposit in the last 24 hours" raises a withdrawal's recent_deposit flag and shows as the admin's
 * "Last deposit": coins that arrived on a chain are money in as much as USD through PayPal.
 */
describe('the last deposit a withdrawal is judged by', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function chainDeposit(userId: string, status: 'CREDITED' | 'PENDING', at: Date) {
    await t.ctx.db.insert(chainDeposits).values({
      chain: 'ethereum',
      asset: 'ETH',
      userId,
      address: `0x${randomBytes(20).toString('hex')}`,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: -1,
      txLogIndex: -1,
      amountRaw: '1000000000000000000',
      amount: '100000000',
      blockNumber: 1n,
      blockHash: `0x${randomBytes(32).toString('hex')}`,
      confirmations: 3,
      requiredConfirmations: 3,
      status,
      creditedAt: status === 'CREDITED' ? at : null,
    });
  }

  it('counts a credited chain deposit, not one still confirming', async () => {
    const customer = await customerWithUsd(t, 0n);
    expect(await lastDepositAt(t.ctx.db, customer.id)).toBeNull();
    const credited = new Date('2026-11-20T10:00:00.000Z');
    await chainDeposit(customer.id, 'CREDITED', credited);
    await chainDeposit(customer.id, 'PENDING', new Date('2026-11-21T10:00:00.000Z'));
    expect(await lastDepositAt(t.ctx.db, customer.id)).toEqual(credited);
  });
});
