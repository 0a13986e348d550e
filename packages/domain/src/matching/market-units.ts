import { getAsset } from '../assets';
import { decimalPlaces } from '../decimal';
import type { MarketRules } from '../markets';
import { formatMinor, type Minor, parseDecimal, pow10, type Rounding, rescale } from '../money';
import { ok, type Result, reject } from '../result';
import type { PriceTicks, QuantityLots } from './types';

/**
 * The exact value of a trade, price × quantity, as an integer at the market's `costScale`. It is
 * exact because the scale is the sum of the price's and the quantity's scales; it is rounded only
 * when it becomes a ledger amount (see `quoteMinor`).
 */
export type ExactCost = bigint & { readonly __unit: 'exact_cost' };

/**
 * How one market's decimal prices and quantities map to the engine's integers.
 * A price of `ticks` means ticks × priceIncrement; a quantity of `lots` means lots × 10^-quantityScale.
 */
export interface MarketUnits {
  readonly marketId: string;
  /** Decimal places of the price increment. */
  readonly priceScale: number;
  /** The price increment as an integer at `priceScale` ('0.05' gives scale 2 and tick size 5). */
  readonly tickSize: bigint;
  /** Decimal places of a quantity: the market's quantity precision. */
  readonly quantityScale: number;
  /** priceScale + quantityScale: the scale at which ticks × tickSize × lots is exact. */
  readonly costScale: number;
  /** Ledger scale of the quote asset (USDT). */
  readonly quoteScale: number;
  /** Ledger scale of the base asset. */
  readonly baseScale: number;
}

/** Each market's units, worked out once per rules object (an order needs them three or four times). */
const unitsOfRules = new WeakMap<MarketRules, MarketUnits>();

/**
 * Derives a market's integer units from its rules. Throws on rules no market should have: a price
 * increment that is not a positive decimal, or a base asset whose ledger scale is coarser than the
 * market's quantity precision (a lot must be a whole number of ledger units).
 */
export function marketUnits(rules: MarketRules): MarketUnits {
  let units = unitsOfRules.get(rules);
  if (!units) {
    units = Object.freeze(deriveUnits(rules));
    unitsOfRules.set(rules, units);
  }
  return units;
}

function deriveUnits(rules: MarketRules): MarketUnits {
  const priceScale = decimalPlaces(rules.priceIncrement);
  const tickSize = priceScale === null ? null : parseDecimal(rules.priceIncrement, priceScale);
  if (priceScale === null || tickSize === null || tickSize <= 0n) {
    throw new Error(`invariant violated: price increment of ${rules.id}`);
  }
  const baseScale = getAsset(rules.base).scale;
  if (baseScale < rules.quantityPrecision)
    throw new Error(`invariant violated: quantity precision of ${rules.id}`);
  return {
    marketId: rules.id,
    priceScale,
    tickSize,
    quantityScale: rules.quantityPrecision,
    costScale: priceScale + rules.quantityPrecision,
    quoteScale: getAsset(rules.quote).scale,
    baseScale,
  };
}

/**
 * Parses a decimal price into ticks. Rejections, in order: not a plain decimal 'invalid_price'; not
 * a whole number of price increments 'price_not_on_tick'. Range checks are `validateOrder`'s job.
 */
export function parsePriceTicks(
  units: MarketUnits,
  text: string,
): Result<PriceTicks, 'invalid_price' | 'price_not_on_tick'> {
  const places = decimalPlaces(text);
  if (places === null) return reject('invalid_price');
  if (places > units.priceScale) return reject('price_not_on_tick');
  const scaled = parseDecimal(text, units.priceScale, 'exact');
  if (scaled === null) return reject('invalid_price');
  if (scaled % units.tickSize !== 0n) return reject('price_not_on_tick');
  return ok((scaled / units.tickSize) as PriceTicks);
}

/**
 * Parses a decimal quantity into lots. Rejections, in order: not a plain decimal 'invalid_quantity';
 * more decimal places than the market's quantity precision 'quantity_precision_exceeded'.
 */
export function parseQuantityLots(
  units: MarketUnits,
  text: string,
): Result<QuantityLots, 'invalid_quantity' | 'quantity_precision_exceeded'> {
  const places = decimalPlaces(text);
  if (places === null) return reject('invalid_quantity');
  if (places > units.quantityScale) return reject('quantity_precision_exceeded');
  const lots = parseDecimal(text, units.quantityScale, 'exact');
  if (lots === null) return reject('invalid_quantity');
  return ok(lots as QuantityLots);
}

/** Formats ticks as a decimal price with the increment's number of decimal places ('64250.1'). */
export function formatPriceTicks(units: MarketUnits, price: PriceTicks): string {
  return formatMinor(price * units.tickSize, units.priceScale);
}

/** Formats lots as a decimal quantity with the market's quantity precision ('0.250000'). */
export function formatQuantityLots(units: MarketUnits, quantity: QuantityLots): string {
  return formatMinor(quantity, units.quantityScale);
}

/** price × quantity, exactly, at `costScale`. */
export function exactCost(units: MarketUnits, price: PriceTicks, quantity: QuantityLots): ExactCost {
  return (price * units.tickSize * quantity) as ExactCost;
}

/**
 * An exact cost as a quote ledger amount (USDT minor units). Exact when costScale <= quoteScale;
 * otherwise rounded as named: 'up' for what a buyer pays, 'down' for what a seller receives.
 */
export function quoteMinor(units: MarketUnits, cost: ExactCost, rounding: Rounding): Minor {
  return rescale(cost, units.costScale, units.quoteScale, rounding);
}

/** A quantity in lots as a base ledger amount; always exact (a lot is a whole number of units). */
export function baseMinor(units: MarketUnits, quantity: QuantityLots): Minor {
  return quantity * pow10(units.baseScale - units.quantityScale);
}
