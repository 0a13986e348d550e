import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { persistentSecret } from '../../secrets';
import { mnemonicFromSecret } from '../chain-config';
import { asXpub, BITCOIN_COIN_TYPES, bip84XpubOfMnemonic } from './bitcoin-addresses';
import { litecoindInstalled, startRegtestNode } from './regtest-node';

/** Where `npm start` leaves its regtest Litecoin node's RPC URL: DATA_DIR/dev-litecoin.json. */
export function devLitecoinInfoFile(dataDir: string): string {
  return path.join(dataDir, 'dev-litecoin.json');
}

/** How often the development Litecoin node mines a block (deposits confirm without a miner's help). */
const BLOCK_EVERY_MS = 5_000;

export interface EmbeddedLitecoin {
  /** The configuration with the regtest chain added to `bitcoinChains` (unchanged when none runs). */
  apply(config: Config): Config;
  readonly bannerLines: readonly string[];
  stop(): Promise<void>;
}

const none = (bannerLines: string[]): EmbeddedLitecoin => ({
  apply: (config) => config,
  bannerLines,
  stop: async () => {},
});

/**
 * CHAIN_MODE=embedded (`npm start`, issue 47): a regtest Litecoin Core node beside the development EVM
 * chain when `litecoind` is installed, listed as the chain 'litecoin' (LTC, 3 confirmations, 'rltc'
 * addresses), a block mined every few seconds, its RPC URL left in DATA_DIR/dev-litecoin.json for a
 * test or a person to send from its "outside" wallet. Without litecoind the exchange starts without
 * it and the banner says how to turn LTC on. The deposit addresses' account key comes from a
 * development secret of its own (regtest coins are worth nothing), so the web process holds no seed.
 */
export async function startEmbeddedLitecoin(config: Config, logger: Logger): Promise<EmbeddedLitecoin> {
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
  const timer = setInterval(() => {
    node
      .mine(1)
      .catch((error: unknown) => logger.warn({ err: error }, 'development Litecoin node: mining failed'));
  }, BLOCK_EVERY_MS);
  timer.unref();
  const mnemonic = mnemonicFromSecret(persistentSecret(config.dataDir, 'litecoin-regtest-seed'));
  const xpub = asXpub(bip84XpubOfMnemonic(mnemonic, BITCOIN_COIN_TYPES.testnet));
  const settings = {
    key: 'litecoin',
    family: 'bitcoin' as const,
    name: 'Litecoin',
    chainId: 0,
    rpcUrl: node.rpcUrl,
    confirmations: 3,
    explorerUrl: null,
    tokens: [{ asset: 'LTC', contract: null, decimals: 8, minDeposit: 100_000n }],
    bitcoin: { networkPrefix: 'rltc', xpub, coinType: BITCOIN_COIN_TYPES.testnet },
  };
  logger.info({ rpc: node.rpc.where }, 'development Litecoin node started');
  return {
    apply: (current) => ({ ...current, bitcoinChains: [...current.bitcoinChains, settings] }),
    bannerLines: [`  Litecoin (regtest):    ${node.rpc.where} (a block every 5 s; RPC in ${info})`],
    async stop() {
      clearInterval(timer);
      await node.stop();
      rmSync(info, { force: true });
    },
  };
}
