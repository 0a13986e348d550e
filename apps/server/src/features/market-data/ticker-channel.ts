import { tickerFrameSchema } from '@exchange/contracts';
import type { Logger } from 'pino';
import type { PgListener } from '../../platform/pg-listener';
import type { WsHub } from '../../platform/ws-hub';
import { PRICE_TICK_CHANNEL } from './price-feed';

const tickerList = tickerFrameSchema.shape.data;

/**
 * The public 'ticker' channel: whichever process writes prices NOTIFYs 'price_tick' with the ticker
 * list, and every process pushes it to its own subscribers. A new subscriber gets the last list at once.
 */
export function registerTickerChannel(hub: WsHub, listener: PgListener, logger: Logger): void {
  hub.defineChannel({ name: 'ticker', replayLast: true });
  listener.on(PRICE_TICK_CHANNEL, (payload) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = undefined;
    }
    const tickers = tickerList.safeParse(parsed);
    if (!tickers.success) {
      logger.warn('ignoring a malformed price_tick notification');
      return;
    }
    hub.publish('ticker', tickers.data);
  });
}
