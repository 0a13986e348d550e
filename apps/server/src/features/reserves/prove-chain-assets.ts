import { chainAmountToMinor, getAsset, isAssetCode } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Address } from 'viem';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ChainSigner, ReservesAttestation, SignerKey } from '../../platform/chain/chain-sender-types';
import { chainClient, coinBalance } from '../../platform/chain/evm/evm-client';
import type { Db } from '../../platform/db';

/** One address the exchange controls, what it holds of one coin at the report's block, and its attestation. */
export interface ChainAssetProof {
  readonly chain: string;
  readonly chainName: string;
  readonly asset: string;
  readonly role: 'hot' | 'deposit' | 'cold';
  readonly address: string;
  /** In the ledger's minor units of the asset (the chain's finer units cut off). */
  readonly balance: bigint;
  readonly blockNumber: bigint;
  /** The block's hash where the node answers it with the balances (a Bitcoin-family UTXO scan). */
  readonly blockHash?: string | null;
  /**
   * Null for the cold wallet: its key is offline, never the server's or the signer's. The signature
   * is EIP-191 hex on EVM chains, a base64 Bitcoin-family signed message on UTXO chains.
   */
  readonly attestation: {
    readonly address: string;
    readonly message: string;
    readonly signature: string;
  } | null;
  readonly explorerUrl: string | null;
}

/**
 * What proves the coins of one chain, by the chain's family: each family reads its own node and signs
 * its own way (EIP-191 on EVM chains; a UTXO family would list its addresses' unspent outputs at the
 * snapshot's height and sign the Bitcoin-family message with each address's key).
 */
export type ChainAssetProver = (settings: ChainSettings, reportId: string) => Promise<ChainAssetProof[]>;

export interface ChainAssetDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly signer: ChainSigner | null;
  readonly hotWalletAddress: (chain: string) => Address | null;
  readonly coldWallets: ReadonlyMap<string, string>;
}

interface ControlledAddress {
  readonly role: ChainAssetProof['role'];
  readonly address: Address;
  readonly key: SignerKey | null;
}

/**
 * An EVM chain: every coin of the hot wallet, of each customer deposit address holding any, and of the
 * configured cold wallet, read at one block; each address the signer holds a key for signs the
 * report's attestation once.
 */
export function evmAssetProver(deps: ChainAssetDeps): ChainAssetProver {
  return async (settings, reportId) => {
    const client = chainClient(settings);
    const blockNumber = await client.getBlockNumber();
    const controlled: ControlledAddress[] = [];
    const hot = deps.hotWalletAddress(settings.key);
    if (hot) controlled.push({ role: 'hot', address: hot, key: { kind: 'hot' } });
    const deposits = await deps.db.execute<{ address: string; address_index: number }>(sql`
      SELECT address, address_index FROM chain_deposit_addresses WHERE chain = ${settings.key} ORDER BY address_index`);
    for (const row of deposits.rows)
      controlled.push({
        role: 'deposit',
        address: row.address as Address,
        key: { kind: 'deposit', index: row.address_index },
      });
    const cold = deps.coldWallets.get(settings.key);
    // A bech32 entry belongs to a Bitcoin-family chain; an EVM chain only reads a 0x address.
    if (cold && /^0x[0-9a-fA-F]{40}$/.test(cold))
      controlled.push({ role: 'cold', address: cold as Address, key: null });
    const proofs: ChainAssetProof[] = [];
    const signed = new Map<string, ReservesAttestation | null>();
    for (const holder of controlled) {
      for (const token of settings.tokens) {
        if (!isAssetCode(token.asset)) continue;
        const raw = await coinBalance(client, token, holder.address, blockNumber);
        if (holder.role === 'deposit' && raw === 0n) continue;
        if (!signed.has(holder.address))
          signed.set(holder.address, await attest(deps, holder, reportId, settings.key));
        proofs.push({
          chain: settings.key,
          chainName: settings.name,
          asset: token.asset,
          role: holder.role,
          address: holder.address,
          balance: chainAmountToMinor(raw, token.decimals, getAsset(token.asset).scale),
          blockNumber,
          attestation: signed.get(holder.address) ?? null,
          explorerUrl: settings.explorerUrl
            ? `${settings.explorerUrl.replace(/\/$/, '')}/address/${holder.address}`
            : null,
        });
      }
    }
    return proofs;
  };
}

async function attest(
  deps: ChainAssetDeps,
  holder: ControlledAddress,
  reportId: string,
  chain: string,
): Promise<ReservesAttestation | null> {
  if (!holder.key || !deps.signer?.signReservesAttestation) return null;
  const attestation = await deps.signer.signReservesAttestation(holder.key, reportId);
  if (attestation.address.toLowerCase() !== holder.address.toLowerCase()) {
    deps.logger.error({ chain, address: holder.address }, 'reserves: the signer signed for another address');
    return null;
  }
  return attestation;
}
