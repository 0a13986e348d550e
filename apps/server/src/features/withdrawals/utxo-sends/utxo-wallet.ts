import { segwitScriptHex } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { chainDepositAddresses } from '../../../db/schema';
import type { Spendable } from '../../../platform/chain/bitcoin/bitcoin-psbt';
import { type BitcoinRpc, toSats } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import { CHANGE_PATH } from '../../../platform/chain/bitcoin/bitcoin-signer';
import { changeAddressOf } from '../../../platform/chain/bitcoin/change-address';
import { scanUtxoSet } from '../../../platform/chain/bitcoin/utxo-scan';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import type { DbOrTx } from '../../../platform/db';

/**
 * The exchange's coins on a Bitcoin-family chain (issue 47): the customers' deposit addresses
 * (m/84'/c'/0'/0/i) and one internal address (m/84'/c'/0'/1/0) that every batch's change goes to.
 * Both come from the account xpub, so the web process knows them without a key.
 */

export { changeAddressOf };

/** Addresses per scantxoutset: one pass of the UTXO set matches them all. */
const SCAN_BATCH = 500;

interface ScanAnswer {
  success: boolean;
  height: number;
  unspents: { txid: string; vout: number; scriptPubKey: string; amount: string; height: number }[];
}

/**
 * The outputs the exchange may spend, from the node's UTXO set (confirmed outputs only, so nothing of
 * the mempool): a deposit's once it has the chain's confirmations (a reorganisation cannot take it
 * from under a batch that spends it), the change's from its first.
 */
export async function spendablesOf(db: DbOrTx, rpc: BitcoinRpc, chain: ChainSettings): Promise<Spendable[]> {
  const rows = await db
    .select({ address: chainDepositAddresses.address, index: chainDepositAddresses.addressIndex })
    .from(chainDepositAddresses)
    .where(eq(chainDepositAddresses.chain, chain.key));
  const paths = new Map<string, { address: string; path: string }>();
  const change = changeAddressOf(chain);
  for (const { address, path } of [
    { address: change, path: CHANGE_PATH },
    ...rows.map((row) => ({ address: row.address, path: `0/${row.index}` })),
  ]) {
    const script = segwitScriptHex(address);
    if (script) paths.set(script, { address, path });
  }
  const addresses = [...paths.values()].map((entry) => entry.address);
  const spendable: Spendable[] = [];
  for (let start = 0; start < addresses.length; start += SCAN_BATCH) {
    const scan = await scanUtxoSet<ScanAnswer>(
      rpc,
      addresses.slice(start, start + SCAN_BATCH).map((address) => `addr(${address})`),
    );
    if (!scan.success) throw new Error('bitcoin node: the UTXO scan did not finish');
    for (const unspent of scan.unspents) {
      const owner = paths.get(unspent.scriptPubKey);
      if (!owner) continue;
      const confirmations = scan.height - unspent.height + 1;
      if (confirmations < (owner.path === CHANGE_PATH ? 1 : chain.confirmations)) continue;
      spendable.push({
        txid: unspent.txid,
        vout: unspent.vout,
        sats: toSats(unspent.amount),
        script: unspent.scriptPubKey,
        path: owner.path,
      });
    }
  }
  return spendable;
}

/** The least and the most fee rate a batch is built at, in the smallest unit per virtual byte. */
export const FEE_RATE_FLOOR = 2;
export const FEE_RATE_CAP = 500;

/**
 * The fee rate for a batch: the node's estimate for 6 blocks (estimatesmartfee, in coins per 1,000
 * virtual bytes) held between the floor and the cap; a node with no estimate yet (regtest, a fresh
 * node) gives the floor.
 */
export async function feeRateOf(rpc: BitcoinRpc): Promise<number> {
  const estimate = await rpc.call<{ feerate?: string }>('estimatesmartfee', [6]);
  if (!estimate.feerate) return FEE_RATE_FLOOR;
  const perKvb = toSats(estimate.feerate);
  const perVbyte = Number((perKvb + 999n) / 1000n);
  return Math.min(FEE_RATE_CAP, Math.max(FEE_RATE_FLOOR, perVbyte));
}
