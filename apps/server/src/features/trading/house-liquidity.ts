import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  buyOrderLock,
  divide,
  formatPriceTicks,
  formatQuantityLots,
  fromHousePostings,
  MARKETS,
  type MarketRules,
  marketUnits,
  type PriceTicks,
  parseDecimal,
  pow10,
  type QuantityLots,
  sellOrderLock,
  userAccount,
} from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { requireFreshPrice } from '../../platform/prices';
import { loadBalances, postEntry } from '../ledger/ledger.repository';
import { cancelOrder } from './cancel-order';
import type { MarketEngine } from './market-engine';
import { placeLimitOrder } from './place-limit-order';
import { userOrders } from './trading.repository';

/** The system user owning the house's resting orders: DISABLED, so it can never sign in. */
export const HOUSE_USER_EMAIL = 'house-liquidity@system.invalid';
/** Half the spread the house quotes around the reference price, in bps of it; level k is k steps out. */
export const HOUSE_SPREAD_BPS = 20n;
/** How many price levels the house quotes on each side, so the book has depth to read. */
export const HOUSE_LEVELS = 5;
/** What each house order is worth, in USDT. */
export const HOUSE_ORDER_NOTIONAL_USDT = '5000';

export interface HouseLevel {
  readonly bid: PriceTicks;
  readonly ask: PriceTicks;
  readonly quantity: QuantityLots;
}

export interface HouseLiquidity {
  /** Requotes every market once: a ladder of bids and asks around the reference price. */
  tick(): Promise<void>;
  idle(): Promise<void>;
  houseUserId(): Promise<string>;
}

/**
 * The house's ladder for a market at a reference price, best level first: level k (1-based) quotes
 * k × HOUSE_SPREAD_BPS either side of the reference. Empty when the price is too small to quote.
 */
export function houseQuotes(rules: MarketRules, baseUsd: bigint, usdtUsd: bigint): HouseLevel[] {
  const units = marketUnits(rules);
  // Reference in USDT at the price scale, via USDT's USD price (1:1 when USDT is at par).
  const refScaled = divide(baseUsd * pow10(units.priceScale), usdtUsd, 'down');
  const refTicks = refScaled / units.tickSize;
  const notional = parseDecimal(HOUSE_ORDER_NOTIONAL_USDT, units.priceScale + units.quantityScale) ?? 0n;
  const minLots = parseDecimal(rules.minQuantity, units.quantityScale, 'up') ?? 0n;
  const levels: HouseLevel[] = [];
  for (let k = 1n; k <= BigInt(HOUSE_LEVELS); k += 1n) {
    const bid = divide(refTicks * (10_000n - HOUSE_SPREAD_BPS * k), 10_000n, 'down');
    const ask = divide(refTicks * (10_000n + HOUSE_SPREAD_BPS * k), 10_000n, 'up');
    if (bid <= 0n || ask <= bid) break;
    // Tiny prices round several levels onto one tick: keep only levels that move outwards.
    const previous = levels.at(-1);
    if (previous && (bid >= previous.bid || ask <= previous.ask)) continue;
    let quantity = divide(notional, ask * units.tickSize, 'down');
    if (quantity <= minLots) quantity = minLots + 1n;
    levels.push({ bid: bid as PriceTicks, ask: ask as PriceTicks, quantity: quantity as QuantityLots });
  }
  return levels;
}

/**
 * The house liquidity provider: on each tick, for each market with a fresh reference price, keeps a
 * ladder of HOUSE_LEVELS bids and asks around it (see `houseQuotes`), owned by the house user and funded from HOUSE_INVENTORY
 * through the ledger (so its orders lock real funds). When the price moves, its orders are cancelled
 * and placed again through the market's serial loop, so a user's resting order fills when the market
 * moves through it.
 */
export function createHouseLiquidity(ctx: AppContext, engine: MarketEngine): HouseLiquidity {
  let userId: string | undefined;
  let running: Promise<void> = Promise.resolve();

  async function houseUserId(): Promise<string> {
    if (userId) return userId;
    await ctx.db
      .insert(users)
      .values({
        name: 'House liquidity',
        email: HOUSE_USER_EMAIL,
        countryCode: '1',
        mobileNo: '0000000',
        passwordHash: 'disabled',
        role: 'USER',
        status: 'DISABLED',
        isKycVerified: true,
        refCode: 'HOUSELIQUIDITY',
      })
      .onConflictDoNothing();
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, HOUSE_USER_EMAIL));
    userId = row!.id;
    return userId;
  }

  async function fund(house: string, asset: AssetCode, needed: bigint): Promise<void> {
    const key = userAccount(house, asset);
    const balance = (await loadBalances(ctx.db, [key])).values().next().value ?? 0n;
    if (balance >= needed) return;
    await postEntry(ctx.db, {
      kind: 'HOUSE_FUNDING',
      reference: `house-funding:${asset}:${randomUUID()}`,
      userId: house,
      postings: fromHousePostings(house, asset, needed * 10n - balance),
    });
  }

  async function requote(house: string, rules: MarketRules): Promise<void> {
    let baseUsd: bigint;
    let usdtUsd: bigint;
    try {
      baseUsd = requireFreshPrice(ctx, rules.base).usd;
      usdtUsd = requireFreshPrice(ctx, 'USDT').usd;
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    const ladder = houseQuotes(rules, baseUsd, usdtUsd);
    if (ladder.length === 0) return;
    const open = await userOrders(ctx.db, house, { openOnly: true, marketId: rules.id });
    // Replacing the ladder empties the book for a moment, so a small move (under half a level's
    // step) keeps the quotes standing; the full ladder must still be there.
    const bestBid = ladder[0]!.bid;
    const openBids = open.filter((o) => o.side === 'buy').map((o) => o.priceTicks);
    const openAsks = open.filter((o) => o.side === 'sell');
    const standingBest = openBids.reduce((best, price) => (price > best ? price : best), 0n);
    const drift = standingBest > bestBid ? standingBest - bestBid : bestBid - standingBest;
    const fresh =
      openBids.length === ladder.length &&
      openAsks.length === ladder.length &&
      drift * 20_000n <= bestBid * HOUSE_SPREAD_BPS;
    if (fresh) return;
    for (const order of open) {
      try {
        await cancelOrder(ctx, engine, house, rules.id, order.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const units = marketUnits(rules);
    let usdtNeeded = 0n;
    let baseNeeded = 0n;
    for (const level of ladder) {
      usdtNeeded += buyOrderLock(rules, units, level.bid, level.quantity);
      baseNeeded += sellOrderLock(units, level.quantity);
    }
    await fund(house, 'USDT', usdtNeeded);
    await fund(house, rules.base, baseNeeded);
    for (const level of ladder) {
      for (const [side, price] of [
        ['buy', level.bid],
        ['sell', level.ask],
      ] as const) {
        await placeLimitOrder(ctx, engine, house, {
          market_id: rules.id,
          crypto_currency_code: rules.base,
          fiat_currency_code: 'USDT',
          type: 'limit',
          side,
          quantity: formatQuantityLots(units, level.quantity),
          limitPrice: formatPriceTicks(units, price),
        });
      }
    }
  }

  async function tickOnce(): Promise<void> {
    const house = await houseUserId();
    for (const rules of MARKETS) {
      if (rules.closed) continue;
      await requote(house, rules);
    }
  }

  return {
    houseUserId,
    tick() {
      const next = running.then(tickOnce, tickOnce);
      running = next.catch(() => undefined);
      return next;
    },
    idle: () => running,
  };
}
