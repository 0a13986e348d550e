import type { ApiOrderRow } from './api-orders.repository';

/** How many records a process keeps (about 200 bytes each). */
const RECORDS_KEPT = 50_000;

/**
 * The API records (client id, type, time in force) of the orders this process placed lately, so the
 * answer of a cancel or a look-up of one of them needs no read of api_orders. A record never changes
 * once its order is placed (only a refused placement's reservation is deleted, and that one is never
 * kept here), so nothing needs forgetting; the oldest go first past RECORDS_KEPT.
 */
export class RecentApiOrders {
  private readonly records = new Map<string, ApiOrderRow>();

  constructor(private readonly kept = RECORDS_KEPT) {}

  remember(record: ApiOrderRow): void {
    if (this.records.size >= this.kept) this.records.delete(this.records.keys().next().value!);
    this.records.set(record.orderId, record);
  }

  get(orderId: string): ApiOrderRow | undefined {
    return this.records.get(orderId);
  }
}
