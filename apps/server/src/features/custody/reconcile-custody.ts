import {
  type AssetCode,
  accountName,
  chainAmountToMinor,
  chainUnitsPerMinor,
  custodyAccount,
  finerUnit,
  getAsset,
  isAssetCode,
} from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { ChainSettings, ChainToken } from '../../platform/chain/chain-config';
import type { ChainNode, OpenChainTx } from '../../platform/chain/chain-node';
import type { DbOrTx } from '../../platform/db';
import { loadBalances } from '../ledger/ledger.repository';
import { openChainTransactions } from './open-chain-txs';

/** The product's own wallets on a chain besides the deposit addresses. */
export interface CustodyWallets {
  /** The hot wallet (null when the chain is watch-only). */
  readonly hot: string | null;
  /** A watch-only cold wallet (a multisig), when one is configured. */
  readonly cold: string | null;
}

export interface CustodyLine {
  readonly asset: string;
  /** What the hot wallet, the deposit addresses and the cold wallet hold, in the ledger's minor units. */
  readonly hotWallet: bigint;
  readonly depositAddresses: bigint;
  readonly coldWallet: bigint;
  /** Their sum. */
  readonly onChain: bigint;
  /**
   * Paid out on the chain but not booked yet: the gas and what was sent out by transactions mined but
   * not yet CHAIN_CONFIRMATIONS deep (the sender books them when they end).
   */
  readonly inFlight: bigint;
  /** What the ledger says the product holds there: minus the chain's custody account of the coin. */
  readonly custody: bigint;
  /** On the chain but not credited: deposits below the minimum and deposits still confirming. */
  readonly uncredited: bigint;
  /**
   * onChain + inFlight − custody − uncredited, the ledger's finer-than-a-unit remainders set aside, in
   * minor units (toward zero): 0 when it matches.
   */
  readonly difference: bigint;
  /** The chain holds exactly what the ledger says plus what is not credited, to the chain's own unit. */
  readonly matches: boolean;
}

/**
 * What the chain holds that the ledger cannot show, in the chain's units, so the comparison can be
 * exact: the part of each counted deposit finer than the ledger's unit (credited amounts are cut), and
 * for the native coin what each network fee was booked above what it cost (the sender rounds a fee up
 * to the ledger's unit: the domain's chainFeeToMinor).
 */
async function ledgerDust(db: DbOrTx, chain: string, token: ChainToken, unit: bigint): Promise<bigint> {
  if (unit <= 1n) return 0n;
  const deposits = await db.execute<{ dust: string }>(sql`
    SELECT coalesce(sum(amount_raw - amount * ${unit.toString()}::numeric), 0)::text AS dust
      FROM chain_deposits
     WHERE chain = ${chain} AND asset = ${token.asset} AND status IN ('CREDITED', 'BELOW_MINIMUM', 'PENDING')`);
  let dust = BigInt(deposits.rows[0]?.dust ?? '0');
  if (token.contract === null) {
    const fees = await db.execute<{ dust: string }>(sql`
      SELECT coalesce(sum(ceil(fee_wei / ${unit.toString()}::numeric) * ${unit.toString()}::numeric - fee_wei), 0)::text AS dust
        FROM chain_transactions WHERE chain = ${chain} AND fee_wei > 0`);
    dust += BigInt(fees.rows[0]?.dust ?? '0');
  }
  return dust;
}

/**
 * The ledger's side of a coin on a chain: the chain's custody account (what the product holds there),
 * what is on the chain uncredited (below the minimum, or still confirming) and the remainders the
 * ledger's unit cannot show (ledgerDust), in minor units but the dust (the chain's units).
 */
export async function ledgerCustody(
  db: DbOrTx,
  settings: ChainSettings,
  token: ChainToken & { asset: AssetCode },
): Promise<{ custody: bigint; uncredited: bigint; dust: bigint }> {
  const account = custodyAccount(settings.key, token.asset);
  const custody = -((await loadBalances(db, [account])).get(accountName(account)) ?? 0n);
  const open = await db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(amount), 0)::text AS total FROM chain_deposits
     WHERE chain = ${settings.key} AND asset = ${token.asset} AND status IN ('BELOW_MINIMUM', 'PENDING')`);
  const uncredited = BigInt(open.rows[0]?.total ?? '0');
  const unit = chainUnitsPerMinor(token.decimals, getAsset(token.asset).scale);
  return { custody, uncredited, dust: await ledgerDust(db, settings.key, token, unit) };
}

/** What the reconciliation reads of the database, in one snapshot. */
interface LedgerSide {
  readonly addresses: string[];
  readonly coins: {
    token: ChainToken & { asset: AssetCode };
    custody: bigint;
    uncredited: bigint;
    dust: bigint;
  }[];
  readonly open: OpenChainTx[];
}

async function ledgerSide(db: DbOrTx, settings: ChainSettings): Promise<LedgerSide> {
  const read = async (tx: DbOrTx): Promise<LedgerSide> => {
    const found = await tx.execute<{ address: string }>(sql`
      SELECT DISTINCT a.address FROM chain_deposit_addresses a
        JOIN chain_deposits d ON d.user_id = a.user_id AND d.chain = a.chain
       WHERE a.chain = ${settings.key}`);
    const coins: LedgerSide['coins'] = [];
    for (const listed of settings.tokens) {
      if (!isAssetCode(listed.asset)) continue;
      const token = { ...listed, asset: listed.asset };
      coins.push({ token, ...(await ledgerCustody(tx, settings, token)) });
    }
    return {
      addresses: found.rows.map((row) => row.address),
      coins,
      open: await openChainTransactions(tx, settings.key),
    };
  };
  // One snapshot: a transaction ending between two reads would otherwise be counted both booked and
  // in flight, or neither. Inside a caller's transaction its own view is the snapshot.
  return '$client' in db
    ? db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' })
    : read(db);
}

/**
 * The reconciliation of one chain, per coin: what the product holds there, read from the chain (the
 * hot wallet, every deposit address that ever received a deposit, the cold wallet), against the ledger:
 * the chain's custody account plus what is on the chain uncredited (below the minimum, or still
 * confirming). Sweeps move coins between two of these places, so they change neither side but for the
 * gas, which the chain pays and the sender books (custody → network fees) when the transaction ends;
 * a failed sweep that was mined paid gas too, booked the same way. Between a transaction's mining and
 * its end (its confirmations) the chain has paid what the ledger has not booked yet: that is counted
 * as in flight (the node's paidOutAt), so the two agree at every moment. The comparison is exact in the
 * chain's units, the ledger's finer-than-a-unit remainders (ledgerDust) set aside.
 *
 * Read in this order: the chain's head first, then the database in one snapshot, then every balance
 * and receipt at that head. Whatever was mined by the head was signed (and stored) before the
 * snapshot, so the snapshot knows it, as booked or as open.
 */
export async function reconcileCustody(
  db: DbOrTx,
  settings: ChainSettings,
  node: ChainNode,
  wallets: CustodyWallets = { hot: null, cold: null },
): Promise<CustodyLine[]> {
  const at = await node.latestBlock();
  const ledger = await ledgerSide(db, settings);
  const ours = new Set(
    [...ledger.addresses, wallets.hot, wallets.cold].flatMap((address) =>
      address ? [address.toLowerCase()] : [],
    ),
  );
  const inFlight = await node.paidOutAt(ledger.open, ours, at);
  const lines: CustodyLine[] = [];
  for (const { token, custody, uncredited, dust } of ledger.coins) {
    const scale = getAsset(token.asset).scale;
    const [deposits, hot, cold] = await Promise.all([
      node.totalOf(token, ledger.addresses, at),
      wallets.hot ? node.balanceOf(token, wallets.hot, at) : 0n,
      wallets.cold ? node.balanceOf(token, wallets.cold, at) : 0n,
    ]);
    const raw = deposits + hot + cold;
    const sent = inFlight.get(token.asset) ?? 0n;
    // Compared at the finer of the two scales, exactly; shown in the ledger's unit (toward zero), so a
    // line that matches shows no difference.
    const { chainUp, ledgerUp } = finerUnit(token.decimals, scale);
    const off = (raw + sent - dust) * chainUp - (custody + uncredited) * ledgerUp;
    lines.push({
      asset: token.asset,
      hotWallet: chainAmountToMinor(hot, token.decimals, scale),
      depositAddresses: chainAmountToMinor(deposits, token.decimals, scale),
      coldWallet: chainAmountToMinor(cold, token.decimals, scale),
      onChain: chainAmountToMinor(raw, token.decimals, scale),
      inFlight: chainAmountToMinor(sent, token.decimals, scale),
      custody,
      uncredited,
      difference: off / ledgerUp,
      matches: off === 0n,
    });
  }
  return lines;
}
