import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  fromHousePostings,
  getAsset,
  parseDecimal,
  priceTicks,
  quantityLots,
} from '@exchange/domain';
import type { CommitMarker } from '../../platform/db';
import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { postEntry } from '../ledger/post-entries';

/** Gives a test user `amount` of an asset from the house, through the ledger. */
export async function fund(
  t: Pick<TestApp, 'ctx'>,
  user: TestUser,
  asset: AssetCode,
  amount: string,
): Promise<void> {
  const minor = parseDecimal(amount, getAsset(asset).scale);
  if (minor === null) throw new Error(`bad amount ${amount}`);
  const posted = await postEntry(t.ctx.db, {
    kind: 'TEST_FUNDING',
    reference: `test-funding:${randomUUID()}`,
    userId: user.id,
    postings: fromHousePostings(user.id, asset, minor),
  });
  if (!posted.ok) throw new Error('funding failed');
}

/** The user's wallet as { ASSET: { balance, locked } } from GET /wallet. */
export async function balances(t: Pick<TestApp, 'app'>, user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
  const out: Record<string, { balance: string; locked: string }> = {};
  for (const c of res.json().data.wallet.currencies) out[c.symbol] = { balance: c.balance, locked: c.locked };
  return out;
}

export function limitOrder(side: 'buy' | 'sell', quantity: string, limitPrice: string, market = 'BTC-USDT') {
  return {
    market_id: market,
    crypto_currency_code: market.split('-')[0],
    fiat_currency_code: 'USDT',
    quantity,
    type: 'limit',
    limitPrice,
    side,
  };
}

export function place(
  t: Pick<TestApp, 'app'>,
  user: TestUser,
  body: ReturnType<typeof limitOrder> | Record<string, unknown>,
) {
  const side = (body as { side: string }).side;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${side}`,
    headers: user.headers,
    payload: body,
  });
}

/**
 * Holds the matching loop busy (with a command on `marketId`) until `release` is called, so commands
 * sent meanwhile, to any market, queue up and the next round takes them together. With `marker`, the
 * holding command is a request's, marked as an idempotent request's commands are.
 */
export function holdLoop(t: Pick<TestApp, 'trading'>, marketId: string, marker?: CommitMarker) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const busy = t.trading.engine.run(
    marketId,
    async () => {
      await gate;
      return { result: undefined };
    },
    { marker },
  );
  return { release, busy };
}

/** Waits until at least `n` commands queue on the market's loop (at most 10 s). */
export async function untilWaiting(t: Pick<TestApp, 'trading'>, marketId: string, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (t.trading.engine.waiting(marketId) < n) {
    if (Date.now() > deadline) throw new Error(`fewer than ${n} commands waiting on ${marketId}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Queues a command that moves the market's book (a stray 1-lot buy at the lowest price) and then
 * throws 'boom after the book moved': a command its batch cannot take back alone.
 */
export function breakAfterMovingBook(t: Pick<TestApp, 'trading'>, marketId: string): Promise<unknown> {
  return t.trading.engine.run(marketId, async (market, seq) => {
    market.book.apply({
      kind: 'place',
      seq,
      orderId: randomUUID(),
      userId: randomUUID(),
      side: 'buy',
      price: priceTicks(1n),
      quantity: quantityLots(1n),
      timeInForce: 'gtc',
    });
    throw new Error('boom after the book moved');
  });
}
