import { type DepositAddressResponse, messages } from '@exchange/contracts';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import { segwitAddressAt } from '../../platform/chain/bitcoin/bitcoin-addresses';
import { blockHashAt, latestBlockNumber } from '../../platform/chain/bitcoin/bitcoin-blocks';
import type { BitcoinRpc } from '../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../platform/chain/chain-config';
import { depositAddressAt } from '../../platform/chain/evm/hd-addresses';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { depositNetworkView } from './chain-deposit-views';
import {
  findDepositAddress,
  insertDepositAddress,
  nextAddressIndex,
  saveCursor,
} from './chain-deposits.repository';

export interface DepositAddressDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly chains: readonly ChainSettings[];
  readonly clients: ReadonlyMap<string, PublicClient>;
  /** The Bitcoin-family chains' nodes (issue 47), by chain key. */
  readonly bitcoinRpcs?: ReadonlyMap<string, BitcoinRpc>;
  readonly xpub: string;
  /** Whether a signer signs Bitcoin-family withdrawal batches: without one those coins come in only. */
  readonly bitcoinSends?: boolean;
}

/**
 * POST /wallet/deposit-address: the caller's own address for a coin on a chain (the route is in the
 * KYC scope). The first call takes the next index of the sequence and keeps the address; every later
 * call, and any chain's coin, returns the same one. The first address of a chain also starts the
 * watcher's cursor at the chain's head, so a deposit sent right after is never before the cursor.
 */
export async function getDepositAddress(
  deps: DepositAddressDeps,
  userId: string,
  input: { asset: string; chain: string },
): Promise<DepositAddressResponse['data']> {
  const settings = deps.chains.find((chain) => chain.key === input.chain);
  const token = settings?.tokens.find((candidate) => candidate.asset === input.asset);
  if (!settings || !token || (!deps.xpub && !settings.bitcoin))
    throw new AppError('unprocessable', messages.chainDepositNetworkUnknown);
  let row = await findDepositAddress(deps.db, userId, settings.key);
  if (!row) {
    const addressIndex = await nextAddressIndex(deps.db);
    // A Bitcoin-family chain's address is BIP-84 P2WPKH from its own account key (m/84'/<coin>'/0'/0/i).
    const address = settings.bitcoin
      ? segwitAddressAt(settings.bitcoin.xpub, addressIndex, settings.bitcoin.networkPrefix)
      : depositAddressAt(deps.xpub, addressIndex);
    row = await insertDepositAddress(deps.db, { userId, chain: settings.key, addressIndex, address });
    await startCursor(deps, settings);
  }
  if (!row) throw new Error('the deposit address was not kept');
  return { asset: token.asset, network: depositNetworkView(settings, token), address: row.address };
}

async function startCursor(deps: DepositAddressDeps, settings: ChainSettings): Promise<void> {
  const client = deps.clients.get(settings.key);
  const rpc = deps.bitcoinRpcs?.get(settings.key);
  try {
    if (rpc) {
      const number = await latestBlockNumber(rpc);
      const hash = await blockHashAt(rpc, number);
      if (hash)
        await saveCursor(deps.db, { chain: settings.key, blockNumber: number, blockHash: hash }, true);
      return;
    }
    if (!client) return;
    const head = await client.getBlock();
    await saveCursor(deps.db, { chain: settings.key, blockNumber: head.number, blockHash: head.hash }, true);
  } catch (error) {
    // The watcher starts its cursor on its first run instead.
    deps.logger.warn({ err: error, chain: settings.key }, 'chain deposits: the chain did not answer');
  }
}
