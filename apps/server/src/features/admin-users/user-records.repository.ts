import type { AdminUserRecord, AdminUserRecordKind } from '@exchange/contracts';
import {
  findMarket,
  formatPriceTicks,
  formatQuantityLots,
  marketUnits,
  type PriceTicks,
  type QuantityLots,
} from '@exchange/domain';
import { and, eq, isNull } from 'drizzle-orm';
import {
  apiKeys,
  chainDeposits,
  nftItems,
  orders,
  paymentOrders,
  signInEvents,
  stakes,
  userSessions,
  withdrawalAddresses,
  withdrawals,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { amountText, pageOf, type Query, record } from './user-record-rows';

/**
 * One page of one kind of a customer's records for the back office's page of that customer, newest
 * first, each by the user's own index on its table (orders_user_open_idx, payment_orders_user_idx,
 * chain_deposits_user_idx, ...). Amounts are shown at their asset's places, an order's price and
 * quantity in its market's units.
 */
export async function listUserRecords(
  db: DbOrTx,
  userId: string,
  kind: AdminUserRecordKind,
  query: Query,
): Promise<{ rows: AdminUserRecord[]; total: number }> {
  switch (kind) {
    case 'open_orders': {
      const where = and(eq(orders.userId, userId), eq(orders.status, 'open'));
      const page = await pageOf<typeof orders.$inferSelect>(
        db,
        orders,
        where,
        orders.createdAt,
        orders.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((o) => {
          const rules = findMarket(o.marketId);
          const units = rules ? marketUnits(rules) : null;
          const quantity = units ? formatQuantityLots(units, BigInt(o.quantityLots) as QuantityLots) : '';
          const price = units ? formatPriceTicks(units, BigInt(o.priceTicks) as PriceTicks) : '';
          return record(o.id, o.createdAt, {
            title: `${o.marketId} ${o.side} limit`,
            amount: `${quantity} at ${price}`,
            status: o.status.toUpperCase(),
            detail: `Holds ${amountText(o.lockedRemaining, o.lockAsset)}`,
          });
        }),
      };
    }
    case 'deposits': {
      const where = eq(paymentOrders.userId, userId);
      const page = await pageOf<typeof paymentOrders.$inferSelect>(
        db,
        paymentOrders,
        where,
        paymentOrders.createdAt,
        paymentOrders.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((d) =>
          record(d.id, d.createdAt, {
            title: `${d.provider} deposit`,
            amount: amountText(d.amount, d.asset),
            status: d.status,
            detail: BigInt(d.reversedAmount) > 0n ? `Reversed ${amountText(d.reversedAmount, d.asset)}` : '',
          }),
        ),
      };
    }
    case 'coin_deposits': {
      const where = eq(chainDeposits.userId, userId);
      const page = await pageOf<typeof chainDeposits.$inferSelect>(
        db,
        chainDeposits,
        where,
        chainDeposits.createdAt,
        chainDeposits.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((d) =>
          record(d.id, d.createdAt, {
            title: `${d.asset} on ${d.chain}`,
            amount: amountText(d.amount, d.asset),
            status: d.status,
            detail: `${d.txHash} · ${d.confirmations}/${d.requiredConfirmations} confirmations`,
          }),
        ),
      };
    }
    case 'withdrawals': {
      const where = eq(withdrawals.userId, userId);
      const page = await pageOf<typeof withdrawals.$inferSelect>(
        db,
        withdrawals,
        where,
        withdrawals.createdAt,
        withdrawals.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((w) =>
          record(w.id, w.createdAt, {
            title: w.chain ? `${w.asset} on ${w.chain}` : `${w.asset} to PayPal`,
            amount: amountText(w.amount, w.asset),
            status: w.status,
            detail: w.destination,
          }),
        ),
      };
    }
    case 'stakes': {
      const where = eq(stakes.userId, userId);
      const page = await pageOf<typeof stakes.$inferSelect>(
        db,
        stakes,
        where,
        stakes.createdAt,
        stakes.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((s) =>
          record(s.id, s.createdAt, {
            title: `${s.asset} for ${s.days} days`,
            amount: amountText(s.principal, s.asset),
            status: s.status,
            detail: `${(s.apyBps / 100).toFixed(2)}% a year · ends ${s.endDate.toISOString().slice(0, 10)}`,
          }),
        ),
      };
    }
    case 'nfts': {
      const where = eq(nftItems.ownerId, userId);
      const page = await pageOf<typeof nftItems.$inferSelect>(
        db,
        nftItems,
        where,
        nftItems.createdAt,
        nftItems.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((n) =>
          record(n.id, n.createdAt, {
            title: n.name,
            amount: amountText(n.price, n.asset),
            status: n.status,
            detail: n.withdrawnTo
              ? `Sent out to ${n.withdrawnTo}`
              : n.listed
                ? 'Listed for sale'
                : 'Not listed',
          }),
        ),
      };
    }
    case 'sign_ins': {
      const where = eq(signInEvents.userId, userId);
      const page = await pageOf<typeof signInEvents.$inferSelect>(
        db,
        signInEvents,
        where,
        signInEvents.createdAt,
        signInEvents.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((e) =>
          record(e.id, e.createdAt, {
            title: 'Sign-in',
            status: e.outcome,
            detail: `${e.device} · ${e.network}`,
          }),
        ),
      };
    }
    case 'sessions': {
      const where = and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt));
      const page = await pageOf<typeof userSessions.$inferSelect>(
        db,
        userSessions,
        where,
        userSessions.lastUsedAt,
        userSessions.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((s) =>
          record(s.id, s.lastUsedAt, {
            title: s.device,
            status: s.twoFactorPassed ? 'TWO_FACTOR' : 'PASSWORD',
            detail: `${s.network} · last used ${s.lastUsedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            revocable: true,
          }),
        ),
      };
    }
    case 'api_keys': {
      const where = eq(apiKeys.userId, userId);
      const page = await pageOf<typeof apiKeys.$inferSelect>(
        db,
        apiKeys,
        where,
        apiKeys.createdAt,
        apiKeys.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((k) =>
          record(k.id, k.createdAt, {
            title: k.label,
            status: k.revokedAt ? 'REVOKED' : 'ACTIVE',
            detail: `${k.keyPrefix}… · ${k.canTrade ? 'can trade' : 'read only'}`,
            revocable: k.revokedAt === null,
          }),
        ),
      };
    }
    case 'addresses': {
      const where = eq(withdrawalAddresses.userId, userId);
      const page = await pageOf<typeof withdrawalAddresses.$inferSelect>(
        db,
        withdrawalAddresses,
        where,
        withdrawalAddresses.createdAt,
        withdrawalAddresses.id,
        query,
      );
      return {
        total: page.total,
        rows: page.rows.map((a) =>
          record(a.id, a.createdAt, {
            title: `${a.label} (${a.chain})`,
            status: 'SAVED',
            detail: `${a.address} · usable from ${a.usableAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          }),
        ),
      };
    }
  }
}

/** Whether the key is one of the user's live keys (the revoke's 404 otherwise). */
export async function isLiveKeyOf(db: DbOrTx, userId: string, keyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row !== undefined;
}
