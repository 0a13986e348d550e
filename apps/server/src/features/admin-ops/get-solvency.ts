import type { Solvency, SolvencyAsset, SolvencyChainLine } from '@exchange/contracts';
import { ASSETS, formatMinor } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { HoldSource } from '../ledger/hold-sources';
import { ledgerReportView, verifyLedger } from '../ledger/verify-ledger';
import { accountTotals } from './admin-stats.repository';

/**
 * Each chain's reconciled holdings beside the asset lines' customer liabilities, as the custody feature
 * reads them (handed in by the composition root).
 */
export type ChainLines = (assets: readonly SolvencyAsset[]) => Promise<readonly SolvencyChainLine[]>;

type Column = Exclude<keyof SolvencyAsset, 'asset' | 'net'>;

/** Which column of the panel an account total belongs to. */
function columnOf(kind: string, house: boolean): Column | null {
  if (house) return 'house';
  switch (kind) {
    case 'AVAILABLE':
      return 'users_available';
    case 'LOCKED':
      return 'users_locked';
    case 'HOUSE_INVENTORY':
      return 'house';
    case 'FEE_REVENUE':
      return 'fees';
    case 'PAYMENT_CLEARING':
      return 'payment_clearing';
    case 'STAKING_POOL':
      return 'staking_pool';
    case 'REFERRAL_EXPENSE':
      return 'referral_expense';
    default:
      return null;
  }
}

/**
 * The solvency panel: per asset, what customers hold (available and locked), the house's position
 * (its inventory account plus the SYSTEM liquidity account's balances), fees and the other system accounts,
 * with their sum (zero when every entry balances), each chain's on-chain holdings beside its custody
 * account (read with a short timeout: "unavailable" rather than a failed panel), and the full ledger
 * check run now.
 */
export async function getSolvency(
  ctx: AppContext,
  holdSources: readonly HoldSource[],
  chainLines: ChainLines = async () => [],
): Promise<Solvency> {
  const totals = await accountTotals(ctx.db);
  const assets = ASSETS.map((asset) => {
    const sums: Record<Column, bigint> = {
      users_available: 0n,
      users_locked: 0n,
      house: 0n,
      fees: 0n,
      payment_clearing: 0n,
      staking_pool: 0n,
      referral_expense: 0n,
    };
    let net = 0n;
    for (const row of totals) {
      if (row.asset !== asset.code) continue;
      net += row.total;
      const column = columnOf(row.kind, row.house);
      if (column) sums[column] += row.total;
    }
    const text = (value: bigint) => formatMinor(value, asset.scale);
    return {
      asset: asset.code,
      users_available: text(sums.users_available),
      users_locked: text(sums.users_locked),
      house: text(sums.house),
      fees: text(sums.fees),
      payment_clearing: text(sums.payment_clearing),
      staking_pool: text(sums.staking_pool),
      referral_expense: text(sums.referral_expense),
      net: text(net),
    };
  });
  const [chains, check] = await Promise.all([
    chainLines(assets),
    verifyLedger(ctx.db, { holdSources, now: () => ctx.clock.now() }),
  ]);
  return { assets, chains: [...chains], ledger: ledgerReportView(check) };
}
