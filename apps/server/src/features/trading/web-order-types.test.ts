import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from './trading-test-helpers';

/** The web's order endpoint takes the engine's times in force too (issue 48): the same engine as /api/v3. */
describe("the web's limit orders with a time in force", () => {
  let t: TestApp;
  let maker: TestUser;
  let taker: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    maker = await createTestUser(t, { kyc: true });
    taker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'BTC', '1');
    await fund(t, taker, 'USDT', '10000');
    const ask = await place(t, maker, limitOrder('sell', '0.01', '60000'));
    expect(ask.statusCode, ask.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('refuses a post-only buy that would take the ask, holding nothing, and rests one below it', async () => {
    const before = await balances(t, taker);
    const refused = await place(t, taker, {
      ...limitOrder('buy', '0.001', '60000'),
      time_in_force: 'post_only',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'A post-only order must not trade at once: this price would match the other side',
    );
    expect(await balances(t, taker)).toEqual(before);
    const rested = await place(t, taker, {
      ...limitOrder('buy', '0.001', '59000'),
      time_in_force: 'post_only',
    });
    expect(rested.json().data.order).toMatchObject({ status: 'open' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('cancels a FOK buy the book cannot fill whole, and an IOC remainder, giving the holds back', async () => {
    const fok = await place(t, taker, { ...limitOrder('buy', '0.02', '60000'), time_in_force: 'fok' });
    expect(fok.json().data.order).toMatchObject({ status: 'cancelled', filled_quantity: '0.000000' });
    const ioc = await place(t, taker, { ...limitOrder('buy', '0.02', '60000'), time_in_force: 'ioc' });
    expect(ioc.json().data.order).toMatchObject({ status: 'cancelled' });
    // Only the post-only bid at 59 000 still holds: 59 USDT and its 0.2% fee.
    expect((await balances(t, taker)).USDT?.locked).toBe('59.11800000');
    expect((await balances(t, taker)).BTC?.balance).toBe('0.01000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses an unknown time in force as bad input', async () => {
    const bad = await place(t, taker, { ...limitOrder('buy', '0.001', '59000'), time_in_force: 'gtx' });
    expect(bad.statusCode).toBe(400);
  });
});
