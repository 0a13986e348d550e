import type { DepositOrder } from '@exchange/contracts';
import { formatMinor } from '@exchange/domain';
import type { PaymentOrderRow } from './deposits.repository';

/** A payment order as the API shows it: the provider's order id, never our internal ids. */
export function depositOrderView(row: PaymentOrderRow): DepositOrder {
  return {
    order_id: row.providerOrderId,
    provider: row.provider === 'paypal' ? 'paypal' : 'sandbox',
    amount: formatMinor(BigInt(row.amount), 2),
    currency: 'USD',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
