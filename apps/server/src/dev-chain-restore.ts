import { finerUnit, getAsset, isAssetCode } from '@exchange/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  formatUnits,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { toAccount } from 'viem/accounts';
import { chainCursors, nftItems, uploads } from './db/schema';
import { fillNonceGaps } from './dev-chain-nonce-gaps';
import { saveCursor } from './features/chain-deposits/chain-deposits.repository';
import { ledgerCustody } from './features/custody/reconcile-custody';
import { nftImagePath } from './features/nft/nft-view';
import type { ChainSettings, ChainToken } from './platform/chain/chain-config';
import type { ChainSigner } from './platform/chain/chain-sender-types';
import { devChainDefinition, TEST_USDT_ABI } from './platform/chain/dev-chain';
import type { DevChainRestoreInput, EmbeddedChain } from './platform/chain/embedded-chain';
import { devFloatOf } from './platform/chain/embedded-networks';
import { coinBalance } from './platform/chain/evm/evm-client';
import { evmNode } from './platform/chain/evm/evm-node';
import { EXCHANGE_NFT_ABI } from './platform/chain/nft-contract';
import type { DbOrTx } from './platform/db';

/**
 * A restarted `npm start` (issues 37, 40): the embedded development chain lives in memory, so every
 * start is a new, empty chain, while the database keeps what the product held on the old one. Before
 * the watcher and the sender start, this puts back what the ledger says the product holds there:
 * every coin in the hot wallet (a sweep would have moved it there), the start's unbooked float on top
 * as a fresh start has it, and each token of the exchange's ERC-721 the database has minted (to the
 * hot wallet, or to the customer's address for one sent out). It sets targets rather than adding, and
 * ends by moving the watcher's cursor onto the new chain, so running it again changes nothing. The old
 * chain's transactions are not replayed: the hot wallet's nonces below its outbox rows still out are
 * filled (fillNonceGaps) so the sender's stored bytes are mined on the new chain, or cancelled when the
 * restore's own transactions took their nonces.
 */

export interface DevChainRestore {
  /** False when the chain still has the watcher's cursor block (or there is none): nothing was done. */
  readonly fresh: boolean;
  /** Per coin, what the hot wallet holds afterwards, in the chain's units. */
  readonly coins: readonly { asset: string; hotWallet: bigint; changed: boolean }[];
  readonly nftsMinted: number;
  /** Tokens of a contract other than this chain's, which cannot be put back. */
  readonly nftsSkipped: number;
}

const NOT_FRESH: DevChainRestore = { fresh: false, coins: [], nftsMinted: 0, nftsSkipped: 0 };

/** Whether the chain no longer has the block under the watcher's cursor: a new chain, the database's old. */
async function isFreshChain(db: DbOrTx, client: PublicClient, chain: string): Promise<boolean> {
  const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chain, chain));
  if (!cursor) return false;
  const head = await client.getBlockNumber();
  if (head < cursor.blockNumber) return true;
  const block = await client.getBlock({ blockNumber: cursor.blockNumber });
  return block.hash !== cursor.blockHash;
}

/** The hot wallet as a viem account whose transactions the chain signer signs. */
function hotAccount(signer: ChainSigner, hot: Address): Account {
  const refuse = async (): Promise<never> => {
    throw new Error('the restore signs transactions only');
  };
  return toAccount({
    address: hot,
    // A development allowance: only an in-process signer or a signer process in embedded mode grants it.
    signTransaction: (transaction) =>
      signer.sign({
        kind: 'development-restore',
        key: { kind: 'hot' },
        transaction: transaction as TransactionSerializableEIP1559,
      }),
    signMessage: refuse,
    signTypedData: refuse,
  });
}

/**
 * What the product should hold of a coin on the chain, in the chain's units: the custody account plus
 * the deposits below the minimum and the ledger's finer-than-a-unit remainders, as reconcile-custody.ts
 * counts them, less the deposits still PENDING (their blocks are gone: the watcher drops them).
 */
async function ledgerTarget(db: DbOrTx, settings: ChainSettings, token: ChainToken): Promise<bigint> {
  if (!isAssetCode(token.asset)) return 0n;
  const { custody, uncredited, dust } = await ledgerCustody(db, settings, { ...token, asset: token.asset });
  const pending = await db.execute<{ raw: string }>(sql`
    SELECT coalesce(sum(amount_raw), 0)::text AS raw FROM chain_deposits
     WHERE chain = ${settings.key} AND asset = ${token.asset} AND status = 'PENDING'`);
  const { chainUp, ledgerUp } = finerUnit(token.decimals, getAsset(token.asset).scale);
  const held = (custody + uncredited) * ledgerUp + (dust - BigInt(pending.rows[0]?.raw ?? '0')) * chainUp;
  return held <= 0n ? held / chainUp : (held + chainUp - 1n) / chainUp;
}

async function depositAddresses(db: DbOrTx, chain: string): Promise<Address[]> {
  const found = await db.execute<{ address: string }>(sql`
    SELECT DISTINCT a.address FROM chain_deposit_addresses a
      JOIN chain_deposits d ON d.user_id = a.user_id AND d.chain = a.chain
     WHERE a.chain = ${chain}`);
  return found.rows.map((row) => row.address as Address);
}

export async function restoreDevChain(db: DbOrTx, input: DevChainRestoreInput): Promise<DevChainRestore> {
  const { settings, logger } = input;
  const chain = devChainDefinition(settings.rpcUrl, settings.chainId);
  const transport = http(settings.rpcUrl);
  const client = createPublicClient({ chain, transport }) as PublicClient;
  const hot = input.signer?.address({ kind: 'hot' });
  if (!hot || !(await isFreshChain(db, client, settings.key))) return NOT_FRESH;
  const hotWallet = createWalletClient({ account: hotAccount(input.signer!, hot), chain, transport });
  const funder = createWalletClient({ account: input.funder, chain, transport });
  const mined = (hash: Hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 100 });

  // The tokens first: the hot wallet pays their gas, and its ETH is set last.
  const nfts = await restoreNfts(db, input, client, async (to, tokenId, uri) => {
    await mined(
      await hotWallet.writeContract({
        address: getAddress(input.nftContract!),
        abi: EXCHANGE_NFT_ABI,
        functionName: 'mint',
        args: [to, tokenId, uri],
      }),
    );
  });

  const addresses = await depositAddresses(db, settings.key);
  const coins: { asset: string; hotWallet: bigint; changed: boolean }[] = [];
  for (const token of settings.tokens) {
    if (!isAssetCode(token.asset)) continue;
    const float = devFloatOf(token, input.float);
    const elsewhere = await evmNode(settings, client).totalOf(token, addresses);
    let target = (await ledgerTarget(db, settings, token)) + float - elsewhere;
    if (target < 0n) {
      logger.warn(
        { chain: settings.key, asset: token.asset, short: target },
        'restore: the deposit addresses hold more than the ledger says; the hot wallet gets none',
      );
      target = 0n;
    }
    const current = await coinBalance(client, token, hot);
    coins.push({ asset: token.asset, hotWallet: target, changed: current !== target });
    // The native coin is set last, below, so the token transactions' gas leaves it at its target.
    if (current === target || token.contract === null) continue;
    if (current < target) {
      // The test USDT's mint is open to anyone: the funder mints what is missing.
      await mined(
        await funder.writeContract({
          address: token.contract as Address,
          abi: TEST_USDT_ABI,
          functionName: 'mint',
          args: [hot, target - current],
        }),
      );
    } else {
      await mined(
        await hotWallet.writeContract({
          address: token.contract as Address,
          abi: TEST_USDT_ABI,
          functionName: 'transfer',
          args: [input.funder.address, current - target],
        }),
      );
    }
  }
  await fillNonceGaps(db, settings, input.signer!);
  // The ETH last: setting it after the token transactions leaves the hot wallet exactly its target.
  const native = settings.tokens.find((token) => token.contract === null);
  const nativeLine = coins.find((line) => line.asset === native?.asset);
  if (nativeLine && (await client.getBalance({ address: hot })) !== nativeLine.hotWallet)
    await client.request({
      method: 'hardhat_setBalance' as never,
      params: [hot, `0x${nativeLine.hotWallet.toString(16)}`] as never,
    });

  // A deposit still waiting on the old chain never will be deep: its block went with that chain. The
  // watcher drops one only when the chain shows it absent N blocks past where it was seen (issue 43),
  // which a new, shorter chain may not reach for long; here the chain is known to be another.
  await db.execute(sql`
    UPDATE chain_deposits SET status = 'DROPPED', updated_at = now()
     WHERE chain = ${settings.key} AND status = 'PENDING'`);
  // The watcher goes on from here (it would rewind near the head by itself): the blocks before hold the
  // start's own transactions only. The cursor on this chain also marks the restore done.
  const head = await client.getBlock({ blockTag: 'latest' });
  await saveCursor(db, { chain: settings.key, blockNumber: head.number, blockHash: head.hash });
  const restored = { fresh: true, coins, ...nfts };
  logger.info(
    {
      chain: settings.key,
      hotWallet: hot,
      coins: Object.fromEntries(
        coins.map((line) => {
          const decimals = settings.tokens.find((token) => token.asset === line.asset)!.decimals;
          return [line.asset, formatUnits(line.hotWallet, decimals)];
        }),
      ),
      nftsMinted: nfts.nftsMinted,
      nftsSkipped: nfts.nftsSkipped,
    },
    'development chain restored from the ledger: a fresh chain under the database of an earlier one',
  );
  return restored;
}

/**
 * Mints again every token the database has on this chain's contract (MINTED or SENDING: the hot
 * wallet's; WITHDRAWN: the address it was sent to), with its id and image URI, unless it exists.
 */
async function restoreNfts(
  db: DbOrTx,
  input: DevChainRestoreInput,
  client: PublicClient,
  mint: (to: Address, tokenId: bigint, uri: string) => Promise<void>,
): Promise<{ nftsMinted: number; nftsSkipped: number }> {
  if (!input.nftContract) return { nftsMinted: 0, nftsSkipped: 0 };
  const contract = getAddress(input.nftContract);
  const hot = input.signer!.address({ kind: 'hot' });
  const items = await db
    .select({
      tokenId: nftItems.tokenId,
      contract: nftItems.contractAddress,
      state: nftItems.chainState,
      withdrawnTo: nftItems.withdrawnTo,
      filename: uploads.filename,
    })
    .from(nftItems)
    .innerJoin(uploads, eq(uploads.id, nftItems.imageUploadId))
    .where(
      and(
        eq(nftItems.chain, input.settings.key),
        isNotNull(nftItems.tokenId),
        inArray(nftItems.chainState, ['MINTED', 'SENDING', 'WITHDRAWN']),
      ),
    )
    .orderBy(sql`${nftItems.tokenId}::numeric`);
  let nftsMinted = 0;
  let nftsSkipped = 0;
  for (const item of items) {
    if (!item.contract || getAddress(item.contract) !== contract) {
      nftsSkipped++;
      continue;
    }
    const tokenId = BigInt(item.tokenId!);
    const exists = await client
      .readContract({ address: contract, abi: EXCHANGE_NFT_ABI, functionName: 'ownerOf', args: [tokenId] })
      .then(
        () => true,
        () => false,
      );
    if (exists) continue;
    const to = item.state === 'WITHDRAWN' && item.withdrawnTo ? getAddress(item.withdrawnTo) : hot;
    await mint(to, tokenId, `${input.nftPublicUrl}${nftImagePath(item.filename)}`);
    nftsMinted++;
  }
  return { nftsMinted, nftsSkipped };
}

/**
 * main.ts's call: restores each embedded network (the first chain, then BNB Smart Chain and Polygon)
 * when it is a new one under an older database. A failure is logged and the product still starts (a
 * development convenience: the solvency panel shows the gap); the other networks are restored still.
 */
export async function restoreEmbeddedChain(
  db: DbOrTx,
  chain: EmbeddedChain,
): Promise<DevChainRestore | null> {
  const input = chain.restoreInput;
  if (!input) return null;
  const restored = await restoreLogged(db, input);
  for (const network of chain.networkRestoreInputs) await restoreLogged(db, network);
  return restored;
}

async function restoreLogged(db: DbOrTx, input: DevChainRestoreInput): Promise<DevChainRestore | null> {
  try {
    return await restoreDevChain(db, input);
  } catch (error) {
    input.logger.error(
      { err: error, chain: input.settings.key },
      'development chain: restoring what the ledger remembers failed',
    );
    return null;
  }
}
