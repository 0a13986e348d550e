import { findMarket, formatMinor, type MarketRules } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { symbolOf } from './binance-params';

/** A fee in bps as Binance's commission rate (20 bps = "0.00200000"). */
function rate(bps: bigint): string {
  return formatMinor(bps * 10_000n, 8);
}

/**
 * GET /api/v3/account: the owner's balances as the ledger holds them (free: AVAILABLE, locked: held
 * by open orders, stakes and other holds), every asset of the wallet, and the markets' fee rates.
 */
export async function apiAccount(ctx: Pick<AppContext, 'walletOf' | 'clock'>, caller: SignedRequestCaller) {
  const wallet = await ctx.walletOf(caller.userId);
  const sample = findMarket('BTC-USDT');
  const makerBps = sample?.makerFeeBps ?? 0n;
  const takerBps = sample?.takerFeeBps ?? 0n;
  return {
    makerCommission: Number(makerBps),
    takerCommission: Number(takerBps),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: { maker: rate(makerBps), taker: rate(takerBps), buyer: rate(0n), seller: rate(0n) },
    canTrade: true,
    canWithdraw: false,
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: ctx.clock.now().getTime(),
    accountType: 'SPOT',
    balances: wallet.currencies.map((c) => ({ asset: c.symbol, free: c.balance, locked: c.locked })),
    permissions: ['SPOT'],
    uid: caller.userId,
  };
}

/**
 * GET /sapi/v1/asset/tradeFee: each market's maker and taker fee rates as fractions (20 bps is
 * "0.002"), the same for every account.
 */
export function tradeFees(markets: readonly MarketRules[]) {
  const fraction = (bps: bigint) => formatMinor(bps, 4).replace(/0+$/, '').replace(/\.$/, '');
  return markets.map((rules) => ({
    symbol: symbolOf(rules),
    makerCommission: fraction(rules.makerFeeBps),
    takerCommission: fraction(rules.takerFeeBps),
  }));
}
