import { type CryptoCode, fromHousePostings, getAsset, parseDecimal } from '@exchange/domain';
import { paymentOrders } from './db/schema';
import { creditDeposit } from './features/deposits/deposit-outcomes';
import { findOrder } from './features/deposits/deposits.repository';
import { postEntry } from './features/ledger/post-entries';
import { upsertWalletTransaction } from './features/ledger/wallet-history';
import type { Db } from './platform/db';

/** What the KYC-verified demo customer starts with: USD through a sandbox deposit, coins from the house. */
export const DEMO_USD = '10000';
export const DEMO_COINS: readonly { asset: CryptoCode; amount: string }[] = [
  { asset: 'BTC', amount: '0.5' },
  { asset: 'ETH', amount: '5' },
  { asset: 'USDT', amount: '2000' },
  { asset: 'XRP', amount: '1000' },
];

function minor(amount: string, scale: number): bigint {
  const value = parseDecimal(amount, scale, 'exact');
  if (value === null) throw new Error(`demo amount ${amount} does not fit scale ${scale}`);
  return value;
}

/**
 * Gives the user the demo balances through the ledger, like real money: the USD as a credited sandbox
 * deposit (so it also counts as invested), each coin as an entry from HOUSE_INVENTORY. Every piece has
 * a reference derived from the user's id, so running it again posts nothing.
 */
export async function seedDemoBalances(db: Db, userId: string): Promise<void> {
  const providerOrderId = `SEED-${userId}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentOrders)
      .values({
        userId,
        provider: 'sandbox',
        providerOrderId,
        asset: 'USD',
        amount: minor(DEMO_USD, 2).toString(),
        status: 'APPROVED',
      })
      .onConflictDoNothing();
    const order = await findOrder(tx, 'sandbox', providerOrderId);
    if (order) await creditDeposit(tx, order, `SEED-CAPTURE-${userId}`);
  });
  for (const coin of DEMO_COINS) {
    const amount = minor(coin.amount, getAsset(coin.asset).scale);
    const reference = `seed:${userId}:${coin.asset}`;
    await db.transaction(async (tx) => {
      const posted = await postEntry(tx, {
        kind: 'SEED',
        reference,
        userId,
        postings: fromHousePostings(userId, coin.asset, amount),
      });
      if (!posted.ok) return;
      await upsertWalletTransaction(tx, {
        reference,
        userId,
        event: { kind: 'deposit', asset: coin.asset, amount },
        status: 'SUCCESS',
        entryId: posted.value.entryId,
      });
    });
  }
}
