import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { chainDepositAddresses } from '../../../db/schema';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { persistentSecret } from '../../secrets';
import { type ChainSettings, mnemonicFromSecret } from '../chain-config';
import { asXpub, BITCOIN_COIN_TYPES, bip84XpubOfMnemonic, segwitAddressAt } from './bitcoin-addresses';
import {
  devLitecoinHoldFile,
  devLitecoinMiner,
  devLitecoinPauseFile,
  miningPaused,
} from './dev-litecoin-hold';
import { litecoindInstalled, startRegtestNode } from './regtest-node';

/** Where `npm start` leaves its regtest Litecoin node's RPC URL: DATA_DIR/dev-litecoin.json. */
export function devLitecoinInfoFile(dataDir: string): string {
  return path.join(dataDir, 'dev-litecoin.json');
}

/** How often the development Litecoin node mines a block (deposits confirm without a miner's help). */
const BLOCK_EVERY_MS = 5_000;

/** How often the miner looks for a payment to a held address while a test lists some (dev-litecoin-hold.ts). */
const HOLD_WATCH_MS = 250;

export interface EmbeddedLitecoin {
  /** The configuration with the regtest chain added to `bitcoinChains` (unchanged when none runs). */
  apply(config: Config): Config;
  /**
   * Puts an older data directory's Litecoin deposit addresses onto this start's account key (see
   * adoptLitecoinAddresses); answers how many moved.
   */
  adopt(db: Db): Promise<number>;
  readonly bannerLines: readonly string[];
  stop(): Promise<void>;
}

const none = (bannerLines: string[]): EmbeddedLitecoin => ({
  apply: (config) => config,
  adopt: async () => 0,
  bannerLines,
  stop: async () => {},
});

/**
 * CHAIN_MODE=embedded (`npm start`, issue 47): a regtest Litecoin Core node beside the development EVM
 * chain when `litecoind` is installed, listed as the chain 'litecoin' (LTC, 3 confirmations, 'rltc'
 * addresses), a block mined every few seconds (unless a test pauses it: dev-litecoin-hold.ts), its RPC URL left in DATA_DIR/dev-litecoin.json for a
 * test or a person to send from its "outside" wallet. Without litecoind the exchange starts without
 * it and the banner says how to turn LTC on. The deposit and change addresses come from `signerXpub`,
 * the BIP-84 account key of the signer process's own seed (its identity's `bitcoin_xpubs`), so the
 * signer signs their batches and their proof-of-reserves attestations (issue 49) and the web process
 * holds no seed. Without a signer process (seed words given to the web process) the account key comes
 * from a development secret of its own, as before: deposits only, for regtest coins are worth nothing.
 */
export async function startEmbeddedLitecoin(
  config: Config,
  logger: Logger,
  signerXpub?: string,
): Promise<EmbeddedLitecoin> {
  if (config.chainMode !== 'embedded' || config.bitcoinChains.some((chain) => chain.key === 'litecoin'))
    return none([]);
  if (!litecoindInstalled())
    return none([
      '  Litecoin (LTC):        off: `apt-get install -y litecoind` (Debian) and start again to deposit LTC',
    ]);
  logger.info('starting the development Litecoin node (litecoind -regtest)');
  const node = await startRegtestNode();
  const info = devLitecoinInfoFile(config.dataDir);
  writeFileSync(info, `${JSON.stringify({ rpcUrl: node.rpcUrl, wallet: 'outside' })}\n`);
  // The miner keeps a browser flow's one batch out of blocks when the flow lists its address (issue 47's
  // speed-up flow); with no list it mines every block the node assembles.
  const miner = devLitecoinMiner(node, devLitecoinHoldFile(config.dataDir));
  const pauseFile = devLitecoinPauseFile(config.dataDir);
  const timer = setInterval(() => {
    if (miningPaused(pauseFile)) return;
    miner
      .mineBlock()
      .catch((error: unknown) => logger.warn({ err: error }, 'development Litecoin node: mining failed'));
  }, BLOCK_EVERY_MS);
  timer.unref();
  const watchTimer = setInterval(() => {
    miner
      .watch()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'development Litecoin node: the hold look failed'),
      );
  }, HOLD_WATCH_MS);
  watchTimer.unref();
  const xpub =
    signerXpub ??
    bip84XpubOfMnemonic(
      mnemonicFromSecret(persistentSecret(config.dataDir, 'litecoin-regtest-seed')),
      BITCOIN_COIN_TYPES.testnet,
    );
  const settings = embeddedLitecoinSettings(node.rpcUrl, xpub);
  logger.info({ rpc: node.rpc.where }, 'development Litecoin node started');
  return {
    apply: (current) => ({ ...current, bitcoinChains: [...current.bitcoinChains, settings] }),
    async adopt(db) {
      const moved = await adoptLitecoinAddresses(db, settings);
      if (moved > 0)
        logger.info({ moved }, "development Litecoin: older deposit addresses put onto the signer's key");
      return moved;
    },
    bannerLines: [`  Litecoin (regtest):    ${node.rpc.where} (a block every 5 s; RPC in ${info})`],
    async stop() {
      clearInterval(timer);
      clearInterval(watchTimer);
      await node.stop();
      rmSync(info, { force: true });
    },
  };
}

/** The development Litecoin chain's settings on a regtest node, its addresses from the account `xpub`. */
export function embeddedLitecoinSettings(rpcUrl: string, xpub: string): ChainSettings {
  return {
    key: 'litecoin',
    family: 'bitcoin',
    name: 'Litecoin',
    chainId: 0,
    rpcUrl,
    confirmations: 3,
    explorerUrl: null,
    tokens: [{ asset: 'LTC', contract: null, decimals: 8, minDeposit: 100_000n }],
    bitcoin: { networkPrefix: 'rltc', xpub: asXpub(xpub), coinType: BITCOIN_COIN_TYPES.testnet },
  };
}

/**
 * An older data directory's 'litecoin' deposit addresses came from the development secret
 * `litecoin-regtest-seed`, which no signer holds. The development node is a new, empty regtest chain
 * at every start (its data lives in a temporary directory), so nothing sits on those addresses any
 * more: each customer keeps their derivation index and gets the address at that index of this
 * start's account key, which the signer holds. Deposit records of earlier runs stay as they are.
 */
export async function adoptLitecoinAddresses(db: Db, settings: ChainSettings): Promise<number> {
  const { xpub, networkPrefix } = settings.bitcoin!;
  const rows = await db
    .select()
    .from(chainDepositAddresses)
    .where(eq(chainDepositAddresses.chain, settings.key));
  let moved = 0;
  for (const row of rows) {
    const address = segwitAddressAt(xpub, row.addressIndex, networkPrefix);
    if (address === row.address) continue;
    await db
      .update(chainDepositAddresses)
      .set({ address })
      .where(
        and(eq(chainDepositAddresses.chain, settings.key), eq(chainDepositAddresses.userId, row.userId)),
      );
    moved++;
  }
  return moved;
}
