import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadUserBalances } from '../ledger/ledger.repository';
import { placeWithdrawal } from './requests/request-withdrawal';
import { customerWithUsd } from './withdrawal-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_DAILY_LIMIT_USD: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('parallel withdrawals on one balance', () => {
  it('hold exactly what the balance covers: 20 requests of 15 USD on 100 USD make 6, never an overdraft', async () => {
    const customer = await customerWithUsd(t, 100_00n);
    const attempts = Array.from({ length: 20 }, () =>
      placeWithdrawal(t.ctx, {
        userId: customer.id,
        asset: 'USD',
        amount: 15_00n,
        fee: 1_00n,
        valueCents: 15_00n,
        destination: customer.email,
        flags: [],
        code: '123456',
        now: t.ctx.clock.now(),
      }).then(
        () => 'held',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'insufficient_funds')).toHaveLength(14);
    const balances = await loadUserBalances(t.ctx.db, customer.id);
    const of = (kind: string) => balances.find((b) => b.asset === 'USD' && b.kind === kind)?.balance;
    expect(of('AVAILABLE')).toBe(10_00n);
    expect(of('LOCKED')).toBe(90_00n);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('keep to the daily limit when requested together', async () => {
    const limited = await createTestApp({ env: { WITHDRAWAL_DAILY_LIMIT_USD: '50' } });
    try {
      const customer = await customerWithUsd(limited, 1000_00n);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          placeWithdrawal(limited.ctx, {
            userId: customer.id,
            asset: 'USD',
            amount: 20_00n,
            fee: 1_00n,
            valueCents: 20_00n,
            destination: customer.email,
            flags: [],
            code: '123456',
            now: limited.ctx.clock.now(),
          }).then(
            () => 'held',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'held')).toHaveLength(2);
      expect(outcomes.filter((o) => o === 'daily_limit')).toHaveLength(8);
      await expectLedgerConsistent(limited.ctx.db);
    } finally {
      await limited.close();
    }
  });
});
