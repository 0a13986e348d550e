import type { CryptoCode } from '../assets';
import { type Posting, systemAccount, userAccount } from '../ledger';
import type { MarketRules } from '../markets';
import { baseMinor, type ExactCost, exactCost, type MarketUnits, quoteMinor } from '../matching/market-units';
import { orderFeeBps } from '../matching/order-funds';
import type { PriceTicks, QuantityLots } from '../matching/types';
import { feeOf, type Minor } from '../money';
import { assert } from '../result';

/** What an order's fills have moved so far, cumulatively (quote amounts in USDT minor units). */
export interface FillTotals {
  /** Exact cost of all fills, at the market's cost scale. */
  readonly filledCost: ExactCost;
  /** Gross quote amount settled so far: rounded up for a buyer, down for a seller. */
  readonly filledQuote: Minor;
  /** Fees charged so far. */
  readonly feeQuote: Minor;
}

export interface FillStep {
  readonly totals: FillTotals;
  /** Quote that moves for this fill: what a buyer pays (gross + fee), what a seller receives (gross - fee). */
  readonly quote: Minor;
  readonly fee: Minor;
}

/**
 * One fill of one order, settled cumulatively as order-funds.ts recommends: the gross quote amount is
 * the rounding of the total cost of all fills so far minus what was settled before, and the fee is the
 * fee on that cumulative gross at this fill's rate (never less than what was already charged) minus the
 * fees so far. So the total a buyer pays never exceeds `buyOrderLock`, however the order fills, and
 * rounding (up for the buyer, down for the seller) always favours the house.
 */
export function fillStep(
  rules: MarketRules,
  units: MarketUnits,
  side: 'buy' | 'sell',
  role: 'maker' | 'taker',
  before: FillTotals,
  cost: ExactCost,
): FillStep {
  const filledCost = (before.filledCost + cost) as ExactCost;
  const filledQuote = quoteMinor(units, filledCost, side === 'buy' ? 'up' : 'down');
  const due = feeOf(filledQuote, orderFeeBps(rules, role));
  const feeQuote = due > before.feeQuote ? due : before.feeQuote;
  const gross = filledQuote - before.filledQuote;
  const fee = feeQuote - before.feeQuote;
  const quote = side === 'buy' ? gross + fee : gross - fee;
  assert(quote >= 0n, 'a fill never moves a negative quote amount');
  return { totals: { filledCost, filledQuote, feeQuote }, quote, fee };
}

/**
 * Buyer and seller round their running totals separately (up and down), so on one tiny fill the
 * seller's share can round up by a minor unit while the buyer's rounds to nothing and neither fee
 * moves (this happens on MATIC-USDT, whose costs are finer than USDT's minor unit). The house never
 * pays out more than the buyer paid in: the seller receives the buyer's amount for this fill, and its
 * totals record only what was settled, so its next fill's cumulative rounding pays the unit back.
 */
function withinBuyerPayment(seller: FillStep, buyerQuote: Minor): FillStep {
  const shortfall = seller.quote - buyerQuote;
  if (shortfall <= 0n) return seller;
  return {
    quote: buyerQuote,
    fee: seller.fee,
    totals: { ...seller.totals, filledQuote: seller.totals.filledQuote - shortfall },
  };
}

export interface TradeSettlement {
  readonly cost: ExactCost;
  readonly buyer: FillStep;
  readonly seller: FillStep;
  readonly baseAmount: Minor;
  /** One balanced entry: buyer's locked quote to seller and fee revenue, seller's locked base to buyer. */
  readonly postings: Posting[];
}

/**
 * Settles one trade between a buy order and a sell order at the maker's price. The buyer pays from
 * its LOCKED quote (the order's hold), the seller delivers from its LOCKED base; each receives into
 * AVAILABLE, and the difference of the two quote amounts (both fees plus the rounding) goes to
 * FEE_REVENUE. Zero postings are left out.
 */
export function settleTrade(input: {
  readonly rules: MarketRules;
  readonly units: MarketUnits;
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
  readonly takerSide: 'buy' | 'sell';
  readonly buyer: { readonly userId: string; readonly totals: FillTotals };
  readonly seller: { readonly userId: string; readonly totals: FillTotals };
}): TradeSettlement {
  const { rules, units } = input;
  const cost = exactCost(units, input.price, input.quantity);
  const buyer = fillStep(
    rules,
    units,
    'buy',
    input.takerSide === 'buy' ? 'taker' : 'maker',
    input.buyer.totals,
    cost,
  );
  const seller = withinBuyerPayment(
    fillStep(rules, units, 'sell', input.takerSide === 'sell' ? 'taker' : 'maker', input.seller.totals, cost),
    buyer.quote,
  );
  const baseAmount = baseMinor(units, input.quantity);
  const base = rules.base as CryptoCode;
  const revenue = buyer.quote - seller.quote;
  assert(revenue >= 0n, 'the buyer always pays at least what the seller receives');
  const postings: Posting[] = [
    { account: userAccount(input.buyer.userId, 'USDT', 'LOCKED'), amount: -buyer.quote },
    { account: userAccount(input.seller.userId, 'USDT', 'AVAILABLE'), amount: seller.quote },
    { account: systemAccount('FEE_REVENUE', 'USDT'), amount: revenue },
    { account: userAccount(input.seller.userId, base, 'LOCKED'), amount: -baseAmount },
    { account: userAccount(input.buyer.userId, base, 'AVAILABLE'), amount: baseAmount },
  ].filter((p) => p.amount !== 0n);
  return { cost, buyer, seller, baseAmount, postings };
}
