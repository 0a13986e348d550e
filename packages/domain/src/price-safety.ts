import { divide, pow10 } from './money';
import { PRICE_DECIMALS } from './prices';

/**
 * How far a new tick may move from the last good price (in bps of it) before it is held back, and how
 * many consecutive ticks must agree on the new level before it is believed anyway.
 */
export interface TickScreenPolicy {
  readonly maxJumpBps: bigint;
  readonly confirmTicks: number;
}

/** A price level seen after a jump, waiting for more ticks to confirm it. */
export interface PendingJump {
  readonly usd: bigint;
  readonly at: Date;
  /** Consecutive ticks that agreed on this level, the first included. */
  readonly count: number;
}

export type TickScreen =
  | { readonly use: true; readonly pending: null }
  | {
      readonly use: false;
      readonly reason: 'no_timestamp' | 'not_positive' | 'jump';
      readonly pending: PendingJump | null;
    };

/** Whether `next` is within `maxJumpBps` of `from` (|next - from| × 10 000 ≤ bps × from). */
export function withinJump(from: bigint, next: bigint, maxJumpBps: bigint): boolean {
  const delta = next > from ? next - from : from - next;
  return delta * 10_000n <= maxJumpBps * from;
}

/**
 * Decides whether one provider tick may become the asset's price. In order: a tick without the
 * provider's own timestamp is refused (its age would be a guess); a price that is not positive is
 * refused; the first price of an asset is taken; a tick within `maxJumpBps` of the last good price is
 * taken (and forgets any pending jump). A larger move is held back as a pending jump; each later tick
 * with a newer provider time that stays within `maxJumpBps` of the pending level counts towards it,
 * and once `confirmTicks` consecutive ticks agree the new level is taken, so a real crash is followed
 * after a few ticks while a single bad print never moves money. A tick that agrees with neither level
 * starts a new pending jump.
 */
export function screenPriceTick(
  last: { readonly usd: bigint } | undefined,
  pending: PendingJump | null,
  tick: { readonly usd: bigint; readonly at: Date | null },
  policy: TickScreenPolicy,
): TickScreen {
  if (tick.at === null) return { use: false, reason: 'no_timestamp', pending };
  if (tick.usd <= 0n) return { use: false, reason: 'not_positive', pending };
  if (!last || withinJump(last.usd, tick.usd, policy.maxJumpBps)) return { use: true, pending: null };
  const agrees =
    pending !== null && tick.at > pending.at && withinJump(pending.usd, tick.usd, policy.maxJumpBps);
  const count = agrees ? pending.count + 1 : 1;
  if (count >= policy.confirmTicks) return { use: true, pending: null };
  return { use: false, reason: 'jump', pending: { usd: tick.usd, at: tick.at, count } };
}

/** How quotes widen as the reference price ages: nothing for `graceMs`, then `bpsPerSecond`, capped. */
export interface AgeSpreadPolicy {
  readonly graceMs: number;
  readonly bpsPerSecond: bigint;
  readonly maxBps: bigint;
}

/** The default: 5 s free (a tick or two), then 2 bps a second, at most 50 bps (0.5%). */
export const PRICE_AGE_SPREAD: AgeSpreadPolicy = { graceMs: 5_000, bpsPerSecond: 2n, maxBps: 50n };

/**
 * The extra spread, in bps, for a price `ageMs` old: zero within the grace period, then growing with
 * every whole second past it, never above `maxBps`. The price is still refused outright once stale.
 */
export function priceAgeSpreadBps(ageMs: number, policy: AgeSpreadPolicy = PRICE_AGE_SPREAD): bigint {
  if (!Number.isFinite(ageMs) || ageMs <= policy.graceMs) return 0n;
  const seconds = BigInt(Math.floor((ageMs - policy.graceMs) / 1000));
  const bps = seconds * policy.bpsPerSecond;
  return bps > policy.maxBps ? policy.maxBps : bps;
}

/**
 * A reference price moved against the user by `extraBps`: what the house charges a buyer goes up
 * (rounded up), what it pays a seller goes down (rounded down).
 */
export function widenPrice(priceUsd: bigint, side: 'buy' | 'sell', extraBps: bigint): bigint {
  if (extraBps <= 0n) return priceUsd;
  return side === 'buy'
    ? divide(priceUsd * (10_000n + extraBps), 10_000n, 'up')
    : divide(priceUsd * (10_000n - extraBps), 10_000n, 'down');
}

/** The USD value, in cents, of `amount` minor units of an asset of `scale` at `priceUsd`, rounded up. */
export function exposureCents(amount: bigint, scale: number, priceUsd: bigint): bigint {
  const magnitude = amount < 0n ? -amount : amount;
  return divide(magnitude * priceUsd, pow10(scale + PRICE_DECIMALS - 2), 'up');
}

/**
 * Whether the house may take one more trade on an asset. `position` is the house's signed holding of
 * it (positive: it bought more than it sold), `houseSide` what the house does (buy: its position
 * grows), `quantity` the minor units. A trade that brings the position closer to zero is always
 * allowed; one that moves it away is allowed only while the position after it is worth at most
 * `capCents` at the reference price. So beyond the cap the house keeps quoting the side that unwinds
 * its inventory and stops quoting the side that adds to it.
 */
export function houseExposureAllows(input: {
  readonly position: bigint;
  readonly houseSide: 'buy' | 'sell';
  readonly quantity: bigint;
  readonly scale: number;
  readonly priceUsd: bigint;
  readonly capCents: bigint;
}): boolean {
  const after = input.houseSide === 'buy' ? input.position + input.quantity : input.position - input.quantity;
  const abs = (value: bigint) => (value < 0n ? -value : value);
  if (abs(after) <= abs(input.position)) return true;
  return exposureCents(after, input.scale, input.priceUsd) <= input.capCents;
}
