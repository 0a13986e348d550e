import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs, type TestUser } from '../../test/test-users';
import { depositViaSandbox } from '../deposits/sandbox-deposit-test-helpers';
import { balances, fund } from '../trading/trading-test-helpers';
import { instant } from './debt-test-helpers';

// The journal's times are the database's: the test clock starts at the real now and is moved by hand.
const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEPOSIT_HOLD_DAYS: '3' }, clock });
});
afterAll(() => t.close());

const send = (from: TestUser, to: TestUser, amount: string, coin = 'BTC') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/p2p/transfer',
    headers: from.headers,
    payload: { to_email: to.email, amount, from_crypto_currency_code: coin },
  });

describe('DEPOSIT_HOLD_DAYS', () => {
  it("keeps a recent deposit's value from leaving by P2P until the window ends, and tells how much may go", async () => {
    const user = await createTestUser(t, { kyc: true });
    const friend = await createTestUser(t, { kyc: true });
    await depositViaSandbox(t, user, '100.00');
    // The deposit buys 0.001 BTC (60.06 USD with the fee): the coin is deposit-funded value too.
    expect((await instant(t, user, 'buy', '0.001')).statusCode).toBe(200);
    const before = await balances(t, user);

    const held = await send(user, friend, '0.0005');
    expect(held.statusCode).toBe(422);
    expect(held.json()).toMatchObject({
      code: 'deposit_on_hold',
      message:
        'Funds from a deposit made in the last 3 days cannot leave the exchange yet. You can send up to 0.00 USD worth now.',
    });
    expect(await balances(t, user)).toEqual(before);
    const restrictions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/restrictions',
      headers: user.headers,
    });
    expect(restrictions.json().data).toEqual({ debt_usd: null, hold_days: 3, held_usd: '100.00' });

    // Value that did not come from a deposit may leave: 0.001 BTC more (60.00 USD) frees that much.
    await fund(t, user, 'BTC', '0.001');
    expect((await send(user, friend, '0.0011')).statusCode).toBe(422);
    expect((await send(user, friend, '0.0009')).statusCode).toBe(200);
    // Swaps and buys keep the value on the exchange: the hold does not stop them.
    expect((await instant(t, user, 'sell', '0.0001')).statusCode).toBe(200);

    // Three days on the provider can no longer reverse it: everything may leave.
    clock.advance(3 * 86_400_000 + 60_000);
    const later = { ...user, ...(await signInAs(t, user.id, 'USER')) };
    expect((await send(later, friend, '0.001')).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('is off by default', async () => {
    const fresh = await createTestApp();
    try {
      expect(fresh.ctx.config.depositHoldDays).toBe(0);
      const user = await createTestUser(fresh, { kyc: true });
      const friend = await createTestUser(fresh, { kyc: true });
      await depositViaSandbox(fresh, user, '100.00');
      expect((await instant(fresh, user, 'buy', '0.001')).statusCode).toBe(200);
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/p2p/transfer',
        headers: user.headers,
        payload: { to_email: friend.email, amount: '0.001', from_crypto_currency_code: 'BTC' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
