import type { ApiOrderRow } from './api-orders.repository';

/** How many records a process keeps (about 300 bytes each, with their client id's entry). */
const RECORDS_KEPT = 50_000;

/** A client id's key: the API key's id is a UUID (fixed length), so no two pairs give one key. */
const clientKey = (keyId: string, clientOrderId: string) => `${keyId}:${clientOrderId}`;

/**
 * The API records (client id, type, time in force) of the orders this process placed lately, so the
 * answer of a cancel or a look-up of one of them needs no read of api_orders, and a retried client id
 * finds its order without a round through the market's batch. A record never changes once its order
 * is placed (a refused order has none), so nothing needs forgetting; the oldest go first past
 * RECORDS_KEPT. Also the client ids whose orders this process is placing right now: a retry while
 * the first is still running is refused at once (-2010 Duplicate order sent.), as Binance does.
 */
export class RecentApiOrders {
  private readonly records = new Map<string, ApiOrderRow>();
  private readonly byClientId = new Map<string, string>();
  private readonly placing = new Set<string>();

  constructor(private readonly kept = RECORDS_KEPT) {}

  remember(record: ApiOrderRow): void {
    if (this.records.size >= this.kept) {
      const oldest = this.records.values().next().value!;
      this.records.delete(oldest.orderId);
      const key = clientKey(oldest.keyId, oldest.clientOrderId);
      if (this.byClientId.get(key) === oldest.orderId) this.byClientId.delete(key);
    }
    this.records.set(record.orderId, record);
    this.byClientId.set(clientKey(record.keyId, record.clientOrderId), record.orderId);
  }

  get(orderId: string): ApiOrderRow | undefined {
    return this.records.get(orderId);
  }

  /** The kept record of the order this key placed with this client id, if any. */
  placedWith(keyId: string, clientOrderId: string): ApiOrderRow | undefined {
    const orderId = this.byClientId.get(clientKey(keyId, clientOrderId));
    return orderId === undefined ? undefined : this.records.get(orderId);
  }

  /** Marks a client id as being placed; false when this process is placing it already. */
  startPlacing(keyId: string, clientOrderId: string): boolean {
    const key = clientKey(keyId, clientOrderId);
    if (this.placing.has(key)) return false;
    this.placing.add(key);
    return true;
  }

  donePlacing(keyId: string, clientOrderId: string): void {
    this.placing.delete(clientKey(keyId, clientOrderId));
  }
}
