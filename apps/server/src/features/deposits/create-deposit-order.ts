import { randomUUID } from 'node:crypto';
import { parseDecimal } from '@exchange/domain';
import type { Db } from '../../platform/db';
import { insertPaymentOrder, type PaymentOrderRow } from './deposits.repository';
import type { PaymentProvider } from './payment-provider';

/**
 * Opens a USD deposit order at the provider and records it as ours (status CREATED). Its amount is the
 * only amount a later capture may credit. The amount was validated by the contract (1 to 100000 USD,
 * at most 2 decimals).
 */
export async function createDepositOrder(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  input: { amount: string },
): Promise<PaymentOrderRow> {
  const amount = parseDecimal(input.amount, 2, 'exact');
  if (amount === null) throw new Error('deposit amount passed validation but does not parse');
  const localOrderId = randomUUID();
  const { providerOrderId } = await provider.createOrder({ localOrderId, amountCents: amount });
  // In a transaction of its own, so an idempotent request's claim is stamped with the order
  // (platform/idempotency.ts): a retry after a crash then never opens a second one.
  return db.transaction((tx) =>
    insertPaymentOrder(tx, { id: localOrderId, userId, provider: provider.name, providerOrderId, amount }),
  );
}
