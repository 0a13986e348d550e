import type { Db } from '../../platform/db';
import { type ApiOrderRow, reserveClientOrderIds } from './api-orders.repository';

/** The most rows one statement reserves; more waiting go in the next statement at once. */
const ROWS_PER_STATEMENT = 256;

type Reservation = Omit<ApiOrderRow, 'createdAt'>;

interface Waiting {
  readonly row: Reservation;
  readonly resolve: (held: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The process's client id reservations (POST /api/v3/order), written together: every reservation
 * asked for in one turn of the event loop goes into one statement (reserveClientOrderIds), and each
 * caller gets its own row's answer, as reserveClientOrderId would have given it.
 *
 * A market maker's requests arrive in bursts (a round's answers go out together, and its connections
 * send their next orders together), and one statement and one commit per order was most of the round
 * trips of an API order (docs/performance.md, "Trading API: one account"). The rows are the same, so
 * is their conflict rule (unique per key and client id: of two requests with one id, one holds it),
 * and each caller still waits for its row before its order is placed. A statement that fails is tried
 * again row by row, so a row that cannot go in (its user deleted meanwhile) fails only its own
 * caller, who placed nothing.
 */
export class ClientOrderIdReservations {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  reserve(row: Reservation): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.write());
    });
  }

  private write(): void {
    this.scheduled = false;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, ROWS_PER_STATEMENT);
      reserveClientOrderIds(
        this.db,
        batch.map((w) => w.row),
      ).then(
        (held) => {
          for (const w of batch) w.resolve(held.has(w.row.orderId));
        },
        () => {
          for (const w of batch) this.alone(w);
        },
      );
    }
  }

  /** After a statement failed: each of its rows on its own, so one bad row fails only its caller. */
  private alone(w: Waiting): void {
    reserveClientOrderIds(this.db, [w.row]).then((held) => w.resolve(held.has(w.row.orderId)), w.reject);
  }
}
