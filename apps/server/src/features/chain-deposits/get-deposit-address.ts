import { type DepositAddressResponse, messages } from '@exchange/contracts';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
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
  readonly xpub: string;
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
  if (!settings || !token || !deps.xpub)
    throw new AppError('unprocessable', messages.chainDepositNetworkUnknown);
  let row = await findDepositAddress(deps.db, userId, settings.key);
  if (!row) {
    const addressIndex = await nextAddressIndex(deps.db);
    const address = depositAddressAt(deps.xpub, addressIndex);
    row = await insertDepositAddress(deps.db, { userId, chain: settings.key, addressIndex, address });
    await startCursor(deps, settings);
  }
  if (!row) throw new Error('the deposit address was not kept');
  return { asset: token.asset, network: depositNetworkView(settings, token), address: row.address };
}

async function startCursor(deps: DepositAddressDeps, settings: ChainSettings): Promise<void> {
  const client = deps.clients.get(settings.key);
  if (!client) return;
  try {
    const head = await client.getBlock();
    await saveCursor(deps.db, { chain: settings.key, blockNumber: head.number, blockHash: head.hash }, true);
  } catch (error) {
    // The watcher starts its cursor on its first run instead.
    deps.logger.warn({ err: error, chain: settings.key }, 'chain deposits: the chain did not answer');
  }
}
