import type { PublicTrade } from '@exchange/contracts';
import { coalescedRead } from '../../platform/coalesce';
import type { DbOrTx } from '../../platform/db';
import { tradeView } from './order-view';
import { recentTrades, tradesAfter } from './trading.repository';

/** How many trades a market's tape holds (the public trades list and the 'trades:' channel). */
export const TAPE_SIZE = 50;

interface Tape {
  /** Newest first, at most TAPE_SIZE. */
  readonly views: readonly PublicTrade[];
  readonly newestId: bigint;
}

/**
 * Each market's last trades, kept by this process and brought up to date by reading only the trades
 * stored since its newest one. Within a market trade ids grow in commit order: a batch takes its ids
 * while it holds the market's sequence row (trading_write_batch), so no trade can commit later with a
 * smaller id than one already seen.
 *
 * `latest` reads after it is called (the reads of one turn of the event loop are shared), so a caller
 * sees every trade committed before it asked: a client that placed a crossing order and then asks for
 * the market's trades finds its own.
 */
export class TradeTape {
  private readonly tapes = new Map<string, Tape>();
  private readonly read: (marketId: string) => Promise<readonly PublicTrade[] | undefined>;

  constructor(private readonly db: DbOrTx) {
    this.read = coalescedRead(async (marketIds) => {
      const read = await Promise.all(marketIds.map(async (id) => [id, await this.catchUp(id)] as const));
      return new Map(read);
    });
  }

  /** The market's newest trades (at most TAPE_SIZE, newest first) as of a read made after this call. */
  async latest(marketId: string): Promise<readonly PublicTrade[]> {
    return (await this.read(marketId)) ?? [];
  }

  private async catchUp(marketId: string): Promise<readonly PublicTrade[]> {
    const known = this.tapes.get(marketId);
    const rows = known
      ? await tradesAfter(this.db, marketId, known.newestId, TAPE_SIZE)
      : await recentTrades(this.db, marketId, TAPE_SIZE);
    // Another read of the same market may have finished meanwhile: merge by id, newest first.
    const current = this.tapes.get(marketId);
    const fresh = rows.filter((row) => !current || row.id > current.newestId);
    if (fresh.length === 0) return current?.views ?? [];
    const views = [...fresh.map(tradeView), ...(current?.views ?? [])].slice(0, TAPE_SIZE);
    this.tapes.set(marketId, { views, newestId: fresh[0]!.id });
    return views;
  }
}
