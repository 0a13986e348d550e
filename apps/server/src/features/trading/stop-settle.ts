import { formatMessage, messages } from '@exchange/contracts';
import {
  type BookEvent,
  cascadeStops,
  type MarketRules,
  type MarketUnits,
  type PriceTicks,
  parsePriceTicks,
} from '@exchange/domain';
import { AppError } from '../../platform/errors';
import type { BatchWrites } from './batch-writes';
import type { MarketState } from './market-commands';
import { type CommandEffects, persistEvents } from './settle-events';
import type { OrderRecord } from './trading.repository';

/**
 * Settles one market command's book events after applying the market's stops and OCO links to them
 * (the domain's cascadeStops): stops its trades reach enter the book in this same command, an OCO leg
 * that trades or triggers cancels its sibling, a triggered OCO stop leg takes over its sibling's
 * hold, and each triggered stop records its trigger time and the sequence it entered the book at.
 * Everything is staged in the command's batch and committed with it.
 */
export async function settleWithStops(
  market: MarketState,
  writes: BatchWrites,
  input: { seq: bigint; events: readonly BookEvent[]; known?: readonly OrderRecord[]; now: Date },
): Promise<CommandEffects> {
  const { seq, now } = input;
  const cascade = cascadeStops(market, seq, input.events);
  const known = new Map((input.known ?? []).map((o) => [o.id, o]));
  const changed = [
    ...cascade.triggered.map((t) => t.stop.orderId),
    ...cascade.holdMoves.flatMap((m) => [m.from, m.to]),
  ].filter((id) => !known.has(id));
  for (const [id, row] of await writes.loadOrders(changed)) known.set(id, row);
  const copy = (id: string): OrderRecord => {
    const row = known.get(id);
    if (!row) throw new Error(`invariant violated: order ${id} of a cascade is loaded`);
    const fresh = { ...row };
    known.set(id, fresh);
    return fresh;
  };
  for (const { stop, seq: entered } of cascade.triggered) {
    const order = copy(stop.orderId);
    order.seq = entered;
    order.triggeredAt = now;
  }
  for (const move of cascade.holdMoves) {
    // Both legs hold the same asset of the same user, so the hold changes hands without an entry.
    const from = copy(move.from);
    const to = copy(move.to);
    to.lockedRemaining += from.lockedRemaining;
    from.lockedRemaining = 0n;
  }
  const effects = await persistEvents(writes, {
    rules: market.rules,
    units: market.units,
    seq,
    events: cascade.events,
    known: [...known.values()],
    now,
  });
  for (const event of cascade.events) if (event.type === 'trade') market.lastPrice = event.price;
  return effects;
}

/**
 * A stop price as typed, checked like a limit price (its range and tick), in ticks; refusals name the
 * stop price.
 */
export function parseStopPrice(
  rules: MarketRules,
  units: MarketUnits,
  text: string | null | undefined,
): PriceTicks {
  if (text == null || text.trim() === '') throw new AppError('unprocessable', messages.stopPriceRequired);
  const ticks = parsePriceTicks(units, text.trim());
  if (!ticks.ok) {
    if (ticks.code === 'price_not_on_tick' && /^\d+(\.\d+)?$/.test(text.trim()))
      throw new AppError(
        'unprocessable',
        formatMessage(messages.stopPriceNotOnTick, { increment: rules.priceIncrement }),
      );
    throw new AppError('unprocessable', messages.invalidStopPrice);
  }
  const bound = (limit: string) => {
    const parsed = parsePriceTicks(units, limit);
    return parsed.ok ? parsed.value : null;
  };
  const min = bound(rules.minPrice);
  const max = bound(rules.maxPrice);
  if (ticks.value <= 0n || (min !== null && ticks.value < min))
    throw new AppError('unprocessable', formatMessage(messages.stopPriceAboveMin, { min: rules.minPrice }));
  if (max !== null && ticks.value > max)
    throw new AppError('unprocessable', formatMessage(messages.stopPriceBelowMax, { max: rules.maxPrice }));
  return ticks.value;
}
