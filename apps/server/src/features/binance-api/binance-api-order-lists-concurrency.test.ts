import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createKey, listen, signedFetch, type TestKey } from './binance-api-test-helpers';

const limit = (side: 'BUY' | 'SELL', quantity: string, price: string) => ({
  symbol: 'BTCUSDT',
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
});
const SELL_OCO = {
  symbol: 'BTCUSDT',
  side: 'SELL',
  quantity: '0.01',
  aboveType: 'LIMIT_MAKER',
  abovePrice: '61000',
  belowType: 'STOP_LOSS_LIMIT',
  belowStopPrice: '59500',
  belowPrice: '59000',
  belowTimeInForce: 'GTC',
};

/**
 * OCO lists placed and cancelled at the same time on one balance, against the real PostgreSQL (issue
 * 48): the hold is decided where the funds are locked, so ten lists on funds for five place five, and
 * five cancels of one list cancel it once; the ledger balances after each.
 */
describe('OCO order lists at the same time', () => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let sellerKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000' },
    });
    base = await listen(t);
    seller = await createTestUser(t, { kyc: true });
    const buyer = await createTestUser(t, { kyc: true });
    await fund(t, seller, 'BTC', '0.06');
    await fund(t, buyer, 'USDT', '10000');
    const buyerKey = await createKey(t, buyer);
    sellerKey = await createKey(t, seller);
    // The last price: one trade at 60 000, which leaves the seller 0.05 BTC.
    await signedFetch(base, sellerKey, 'POST', '/order', limit('SELL', '0.01', '60000'));
    await signedFetch(base, buyerKey, 'POST', '/order', limit('BUY', '0.01', '60000'));
  });
  afterAll(async () => t?.close());

  it('ten lists at once on funds for five: five placed, five refused, nothing overdrawn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signedFetch(base, sellerKey, 'POST', '/orderList/oco', SELL_OCO)),
    );
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(5);
    for (const a of refused)
      expect(a).toMatchObject({
        status: 400,
        body: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
      });
    expect((await balances(t, seller)).BTC).toEqual({ balance: '0.00000000', locked: '0.05000000' });
    await expectLedgerConsistent(t.ctx.db);

    // Five cancels of one list at once: one cancels both legs, the others find nothing open.
    const listId = String(placed[0]?.body.orderListId);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        signedFetch(base, sellerKey, 'DELETE', '/orderList', { symbol: 'BTCUSDT', orderListId: listId }),
      ),
    );
    expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
    for (const c of cancels.filter((x) => x.status !== 200))
      expect(c).toMatchObject({ status: 400, body: { code: -2011 } });
    expect((await balances(t, seller)).BTC?.locked).toBe('0.04000000');
    await Promise.all(
      placed.slice(1).map((p) =>
        signedFetch(base, sellerKey, 'DELETE', '/orderList', {
          symbol: 'BTCUSDT',
          orderListId: String(p.body.orderListId),
        }),
      ),
    );
    expect((await balances(t, seller)).BTC).toEqual({ balance: '0.05000000', locked: '0.00000000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});
