import { messages, type PlaceOrderRequest } from '@exchange/contracts';
import { type CryptoCode, getAsset, houseExposureAllows, isAssetCode, userAccount } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { type CommitMarker, withCommitMarker } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { houseInventory } from '../ledger/ledger.repository';
import { BatchWrites } from './batch-writes';
import { executeInstantOrder } from './execute-instant-order';
import { priceInstantQuote } from './issue-instant-quote';
import { settleInstantOrder } from './settle-instant-order';

interface Job {
  /** The idempotency mark of the request that sent the order, written in its batch's transaction. */
  readonly marker: CommitMarker | undefined;
  readonly userId: string;
  readonly request: PlaceOrderRequest;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for instant orders without a quote (the spec's client sends none). Every such order
 * debits and credits the house and fee accounts and costs a transaction and a commit on its own; here
 * the orders waiting together (up to MARKET_BATCH_MAX) are priced, checked and staged one by one in
 * order, then written in ONE transaction and one round trip (`BatchWrites`: entries with one
 * conditional balance update per account, wallet transactions), and every caller is answered after
 * that commit. Each order is priced as a quote would be (`priceInstantQuote`; its id and price go in
 * the entry's memo), but no quote row is stored: nothing reads a used quote, and the pruning job
 * deleted them a day after they expired.
 *
 * Each order is decided as if it ran alone after the ones before it: the user's balance as the batch
 * projects it ('Insufficient amount' stages nothing), the house position read once per coin and moved
 * by the batch's trades (the exposure cap, now exact within a batch). A refused order is answered
 * without touching the batch. A batch that fails to commit (a balance spent elsewhere between the
 * projection and the conditional update, say) is retried one order at a time through
 * `executeInstantOrder`, so one bad order cannot fail its neighbours.
 */
export class InstantDesk {
  private readonly pending: Job[] = [];
  private active = false;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  /**
   * Executes an instant order without a quote; resolves after its batch committed. `marker`, the
   * request's idempotency claim if it holds one (commitMarkerOf its idempotent context's handle), is
   * stamped by that batch.
   */
  execute(userId: string, request: PlaceOrderRequest, marker?: CommitMarker): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ marker, userId, request, resolve, reject });
      if (!this.active) {
        this.active = true;
        this.running = this.drain();
      }
    });
  }

  /** Waits for every queued order to finish (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.active) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const jobs = this.pending.splice(0, this.ctx.config.marketBatchMax);
      if (jobs.length === 0) {
        this.active = false;
        return;
      }
      await this.runBatch(jobs).catch((error: unknown) => {
        for (const job of jobs) job.reject(error);
      });
    }
  }

  private async runBatch(jobs: readonly Job[]): Promise<void> {
    const outcomes: (true | unknown)[] = [];
    try {
      // No transaction of its own: the reads are unlocked, and the writes are one statement that
      // checks what they were decided on (BatchWrites.flush).
      {
        const writes = new BatchWrites(this.ctx.db);
        const positions = new Map<CryptoCode, bigint>();
        // Every order's USD and coin balances, read together rather than one order at a time.
        await writes.prefetchBalances(
          jobs.flatMap(({ userId, request }) =>
            isAssetCode(request.crypto_currency_code)
              ? [userAccount(userId, 'USD'), userAccount(userId, request.crypto_currency_code)]
              : [],
          ),
        );
        for (const { userId, request } of jobs) {
          try {
            if (request.fiat_currency_code !== 'USD')
              throw new AppError('unprocessable', messages.instantNotAvailable);
            const priced = priceInstantQuote(this.ctx, userId, {
              side: request.side,
              crypto_currency_code: request.crypto_currency_code as CryptoCode,
              quantity: request.quantity,
            });
            const { asset, quantity, values } = priced;
            const position = positions.get(asset) ?? (await houseInventory(this.ctx.db, asset));
            const houseSide = request.side === 'buy' ? 'sell' : 'buy';
            const allowed = houseExposureAllows({
              position,
              houseSide,
              quantity,
              scale: getAsset(asset).scale,
              priceUsd: priced.referenceUsd,
              capCents: this.ctx.config.houseMaxExposureCents,
            });
            if (!allowed) throw new AppError('house_exposure_limit', messages.houseExposureLimit);
            // Staged in the batch, as `executeInstantOrder` posts it alone.
            await settleInstantOrder(writes, { userId, side: request.side, asset, quantity, quote: values });
            positions.set(asset, houseSide === 'buy' ? position + quantity : position - quantity);
            outcomes.push(true);
          } catch (error) {
            // Refused before it staged anything: the batch goes on without it.
            outcomes.push(error);
          }
        }
        // Each staged order's idempotency claim is stamped with its effect.
        const claims = jobs.flatMap((job, i) =>
          outcomes[i] === true && job.marker ? [job.marker.claim] : [],
        );
        if (outcomes.some((outcome) => outcome === true)) await writes.flush({ claims });
      }
    } catch (error) {
      this.ctx.logger.warn({ err: error, orders: jobs.length }, 'instant batch failed; retrying singly');
      for (const job of jobs) await this.alone(job);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome === true) jobs[i]!.resolve();
      else jobs[i]!.reject(outcome);
    });
  }

  private async alone(job: Job): Promise<void> {
    try {
      const ctx = job.marker ? { ...this.ctx, db: withCommitMarker(this.ctx.db, job.marker) } : this.ctx;
      await executeInstantOrder(ctx, job.userId, job.request);
      job.resolve();
    } catch (error) {
      job.reject(error);
    }
  }
}
