import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, paymentOrders, withdrawals } from './db/schema';
import { creditDeposit } from './features/deposits/deposit-outcomes';
import { findOrder } from './features/deposits/deposits.repository';
import { holdWithdrawal, payOutWithdrawal } from './features/withdrawals/withdrawal-ledger';
import { insertWithdrawal } from './features/withdrawals/withdrawals.repository';
import type { Db } from './platform/db';

/** The demo customer with a past: 100 USD deposited, 25 USD of it withdrawn to PayPal. */
export const HISTORY_DEMO = { depositCents: 100_00n, withdrawnCents: 25_00n, feeCents: 1_00n } as const;

/**
 * Gives the user a short past for the History screens (issue 45): a USD deposit through the sandbox
 * provider, a USD withdrawal to PayPal that completed (held, then paid out, through the same ledger
 * entries a real one posts, so Transactions lists it as the real one would) and a limit order that
 * was cancelled before anything filled (it holds nothing, so it has no entry). Once: the deposit by
 * its provider order, the rest only for a user without a withdrawal.
 */
export async function seedDemoHistory(db: Db, userId: string, email: string): Promise<void> {
  const providerOrderId = `SEED-HISTORY-${userId}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentOrders)
      .values({
        userId,
        provider: 'sandbox',
        providerOrderId,
        asset: 'USD',
        amount: HISTORY_DEMO.depositCents.toString(),
        status: 'APPROVED',
      })
      .onConflictDoNothing();
    const deposit = await findOrder(tx, 'sandbox', providerOrderId);
    if (deposit) await creditDeposit(tx, deposit, `SEED-HISTORY-CAPTURE-${userId}`);
  });
  // The withdrawal and the order come after the deposit (a transaction of their own, a later time).
  await db.transaction(async (tx) => {
    const [done] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .limit(1);
    if (done) return;
    const id = randomUUID();
    const amount = HISTORY_DEMO.withdrawnCents;
    await holdWithdrawal(tx, { id, userId, asset: 'USD', amount });
    const row = await insertWithdrawal(tx, {
      id,
      userId,
      asset: 'USD',
      method: 'paypal',
      destination: email,
      amount: amount.toString(),
      fee: HISTORY_DEMO.feeCents.toString(),
      valueCents: amount.toString(),
      status: 'COMPLETED',
      providerRef: `SEED-PAYOUT-${id}`,
      confirmedAt: new Date(),
      sentAt: new Date(),
      finishedAt: new Date(),
    });
    await payOutWithdrawal(tx, row);

    await tx.insert(orders).values({
      id: randomUUID(),
      marketId: 'XRP-USDT',
      userId,
      side: 'buy',
      priceTicks: '10000',
      quantityLots: '100',
      cancelledLots: '100',
      lockAsset: 'USDT',
      lockedRemaining: '0',
      status: 'cancelled',
      seq: 0n,
    });
  });
}
