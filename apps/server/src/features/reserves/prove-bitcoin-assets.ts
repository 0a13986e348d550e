import { chainAmountToMinor, getAsset, isAssetCode, segwitScriptHex } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { segwitAddressAt } from '../../platform/chain/bitcoin/bitcoin-addresses';
import type {
  BitcoinReservesAttestation,
  BitcoinSignerKey,
} from '../../platform/chain/bitcoin/bitcoin-message';
import { type BitcoinRpc, bitcoinRpc, toSats } from '../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ChainSigner } from '../../platform/chain/chain-sender-types';
import type { Db } from '../../platform/db';
import type { ChainAssetProof, ChainAssetProver } from './prove-chain-assets';

/** One address of a Bitcoin-family chain the exchange holds the key of: where it sits under the account. */
export interface BitcoinControlledAddress {
  readonly role: 'hot' | 'deposit' | 'cold';
  readonly address: string;
  readonly change: 0 | 1;
  readonly index: number;
}

export interface BitcoinAssetDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly signer: ChainSigner | null;
  /** The chain's node (default: its RPC URL from the settings). */
  readonly rpcFor?: (settings: ChainSettings) => BitcoinRpc;
  /**
   * The addresses beside the deposit addresses (default: the account's internal address at 1/0, where
   * withdrawal batches send their change). Pluggable so a hot wallet of another shape is listed too.
   */
  readonly internalAddresses?: (settings: ChainSettings) => Promise<BitcoinControlledAddress[]>;
  /** Watch-only cold wallets per chain key (CHAIN_COLD_WALLETS); only a bech32 address is read here. */
  readonly coldWallets?: ReadonlyMap<string, string>;
}

/** Addresses scanned in one scantxoutset (each a descriptor the node matches in one pass). */
const SCAN_BATCH = 500;
/** Reads of the UTXO set tried before giving up when a block arrives between two batches. */
const SCAN_TRIES = 3;

interface Scan {
  readonly height: bigint;
  readonly blockHash: string | null;
  /** Satoshis per scriptPubKey (hex). */
  readonly byScript: ReadonlyMap<string, bigint>;
}

interface ScanAnswer {
  success: boolean;
  height: number;
  bestblock?: string;
  unspents: { scriptPubKey: string; amount: string }[];
}

/** The UTXO set's outputs of the addresses, every batch read at the same block (else read again). */
async function scanAtOneBlock(rpc: BitcoinRpc, addresses: readonly string[]): Promise<Scan> {
  for (let attempt = 1; ; attempt++) {
    const byScript = new Map<string, bigint>();
    const heights = new Set<number>();
    let blockHash: string | null = null;
    for (let start = 0; start < addresses.length || start === 0; start += SCAN_BATCH) {
      const descriptors = addresses.slice(start, start + SCAN_BATCH).map((address) => `addr(${address})`);
      const scan = await rpc.call<ScanAnswer>('scantxoutset', ['start', descriptors]);
      if (!scan.success) throw new Error('bitcoin node: the UTXO scan did not finish');
      heights.add(scan.height);
      blockHash = scan.bestblock ?? null;
      for (const out of scan.unspents)
        byScript.set(out.scriptPubKey, (byScript.get(out.scriptPubKey) ?? 0n) + toSats(out.amount));
      if (addresses.length === 0) break;
    }
    if (heights.size === 1) return { height: BigInt([...heights][0]!), blockHash, byScript };
    if (attempt >= SCAN_TRIES) throw new Error('bitcoin node: the chain moved during every UTXO scan');
  }
}

/**
 * A Bitcoin-family chain (issue 49): every address the exchange holds the key of that holds coins at
 * the read (customer deposit addresses, the internal change address of withdrawal batches), its
 * balance from the node's UTXO set (scantxoutset, which answers the height it read at: that is the
 * report's block for the chain), and the fixed attestation signed by the address's own key through the
 * signer as a Bitcoin-family signed message (BIP-137, P2WPKH header), which Electrum-LTC and
 * bitcoinjs-message verify.
 */
export function bitcoinAssetProver(deps: BitcoinAssetDeps): ChainAssetProver {
  return async (settings, reportId) => {
    const params = settings.bitcoin;
    const coin = settings.tokens[0];
    if (!params || !coin || !isAssetCode(coin.asset)) return [];
    const rpc = (deps.rpcFor ?? ((s: ChainSettings) => bitcoinRpc(s.rpcUrl, { timeoutMs: 120_000 })))(
      settings,
    );
    const deposits = await deps.db.execute<{ address: string; address_index: number }>(sql`
      SELECT address, address_index FROM chain_deposit_addresses WHERE chain = ${settings.key} ORDER BY address_index`);
    const internal = deps.internalAddresses
      ? await deps.internalAddresses(settings)
      : [
          {
            role: 'hot' as const,
            address: segwitAddressAt(params.xpub, 0, params.networkPrefix, 1),
            change: 1 as const,
            index: 0,
          },
        ];
    const controlled: BitcoinControlledAddress[] = [
      ...internal,
      ...deposits.rows.map((row) => ({
        role: 'deposit' as const,
        address: row.address,
        change: 0 as const,
        index: row.address_index,
      })),
    ];
    // The cold wallet is scanned with the rest, so its balance is read at the same block. One of
    // another network (a 0x entry, a bc1 address on Litecoin) would fail the node's scan: it is left out.
    const cold = deps.coldWallets?.get(settings.key);
    if (cold?.startsWith(`${params.networkPrefix}1`) && segwitScriptHex(cold))
      controlled.push({ role: 'cold', address: cold, change: 0, index: 0 });
    const scan = await scanAtOneBlock(
      rpc,
      controlled.map((holder) => holder.address),
    );
    const scale = getAsset(coin.asset).scale;
    const proofs: ChainAssetProof[] = [];
    for (const holder of controlled) {
      const script = segwitScriptHex(holder.address);
      const sats = (script && scan.byScript.get(script)) || 0n;
      if (sats === 0n) continue;
      const key = {
        coinType: params.coinType,
        networkPrefix: params.networkPrefix,
        change: holder.change,
        index: holder.index,
      };
      proofs.push({
        chain: settings.key,
        chainName: settings.name,
        asset: coin.asset,
        role: holder.role,
        address: holder.address,
        balance: chainAmountToMinor(sats, coin.decimals, scale),
        blockNumber: scan.height,
        blockHash: scan.blockHash,
        // The cold wallet's key is offline: it is listed with its balance and no signature.
        attestation: holder.role === 'cold' ? null : await attest(deps, holder, key, reportId, settings.key),
        explorerUrl: settings.explorerUrl ? `${settings.explorerUrl}/address/${holder.address}` : null,
      });
    }
    return proofs;
  };
}

async function attest(
  deps: BitcoinAssetDeps,
  holder: BitcoinControlledAddress,
  key: BitcoinSignerKey,
  reportId: string,
  chain: string,
): Promise<ChainAssetProof['attestation']> {
  if (!deps.signer?.signBitcoinReservesAttestation) return null;
  let attestation: BitcoinReservesAttestation;
  try {
    attestation = await deps.signer.signBitcoinReservesAttestation(key, reportId);
  } catch (error) {
    // The balance read from the node still stands; the address is listed unsigned, and said so here.
    deps.logger.error({ err: error, chain, address: holder.address }, 'reserves: the signer did not sign');
    return null;
  }
  if (attestation.address !== holder.address) {
    // The signer's seed is not the one the addresses come from (a watch-only xpub of other keys).
    deps.logger.error({ chain, address: holder.address }, 'reserves: the signer signed for another address');
    return null;
  }
  return attestation;
}
