import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  buyOrderLock,
  decideHouseRequote,
  formatPriceTicks,
  formatQuantityLots,
  fromHousePostings,
  getAsset,
  type HouseLevel,
  type HouseSides,
  houseExposureAllows,
  houseQuotes,
  MARKETS,
  type MarketRules,
  marketUnits,
  type PricePoint,
  priceAgeSpreadBps,
  sellOrderLock,
  userAccount,
} from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { requireFreshPrice } from '../../platform/prices';
import { housePosition } from '../ledger/house-exposure';
import { loadBalances } from '../ledger/ledger.repository';
import { postEntry } from '../ledger/post-entries';
import { cancelOrder } from './cancel-order';
import type { MarketEngine } from './market-engine';
import { placeLimitOrder } from './place-limit-order';
import { userOrders } from './trading.repository';

export interface HouseLiquidity {
  /** Requotes every market once: a ladder of bids and asks around the reference price. */
  tick(): Promise<void>;
  idle(): Promise<void>;
  houseUserId(): Promise<string>;
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

  /** The house liquidity account: the one SYSTEM user, made by a migration (house_system_account). */
  async function houseUserId(): Promise<string> {
    if (userId) return userId;
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.kind, 'SYSTEM'));
    if (!row) throw new Error('the house liquidity account is missing: the migrations have not run');
    userId = row.id;
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

  /** The sides the house may quote: the whole ladder of a side must fit under the exposure cap. */
  async function quotedSides(
    rules: MarketRules,
    ladder: readonly HouseLevel[],
    baseUsd: bigint,
  ): Promise<HouseSides> {
    const units = marketUnits(rules);
    const position = await housePosition(ctx.db, rules.base);
    const quantity = ladder.reduce((sum, level) => sum + sellOrderLock(units, level.quantity), 0n);
    const allows = (houseSide: 'buy' | 'sell') =>
      houseExposureAllows({
        position,
        houseSide,
        quantity,
        scale: getAsset(rules.base).scale,
        priceUsd: baseUsd,
        capCents: ctx.config.houseMaxExposureCents,
      });
    return { buy: allows('buy'), sell: allows('sell') };
  }

  async function requote(house: string, rules: MarketRules): Promise<void> {
    let base: PricePoint;
    let usdt: PricePoint;
    try {
      base = requireFreshPrice(ctx, rules.base);
      usdt = requireFreshPrice(ctx, 'USDT');
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    // An ageing price widens the whole ladder (priceAgeSpreadBps), by the older of the two prices.
    const now = ctx.clock.now().getTime();
    const ageMs = Math.max(now - base.at.getTime(), now - usdt.at.getTime());
    const ladder = houseQuotes(rules, base.usd, usdt.usd, priceAgeSpreadBps(ageMs));
    const decision = decideHouseRequote(
      await userOrders(ctx.db, house, { openOnly: true, marketId: rules.id }),
      ladder,
      ladder.length > 0 ? await quotedSides(rules, ladder, base.usd) : undefined,
    );
    if (decision.kind === 'keep') return;
    for (const id of decision.cancel) {
      try {
        await cancelOrder(ctx, engine, house, rules.id, id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const units = marketUnits(rules);
    // The whole ladder's locks are funded up front, so no order of it is refused for funds.
    let usdtNeeded = 0n;
    let baseNeeded = 0n;
    for (const { side, price, quantity } of decision.place) {
      if (side === 'buy') usdtNeeded += buyOrderLock(rules, units, price, quantity);
      else baseNeeded += sellOrderLock(units, quantity);
    }
    await fund(house, 'USDT', usdtNeeded);
    await fund(house, rules.base, baseNeeded);
    for (const { side, price, quantity } of decision.place) {
      await placeLimitOrder(ctx, engine, house, {
        market_id: rules.id,
        crypto_currency_code: rules.base,
        fiat_currency_code: 'USDT',
        type: 'limit',
        side,
        quantity: formatQuantityLots(units, quantity),
        limitPrice: formatPriceTicks(units, price),
      });
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
