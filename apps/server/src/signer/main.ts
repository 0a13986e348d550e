import { mnemonicFromSecret, xpubOfMnemonic } from '../platform/chain/chain-config';
import { localChainSigner } from '../platform/chain/local-chain-signer';
import { systemClock } from '../platform/clock';
import { ConfigError } from '../platform/config';
import { connect } from '../platform/db';
import { createLogger } from '../platform/logger';
import { persistentSecret } from '../platform/secrets';
import { bitcoinXpubsOfMnemonic, loadSignerConfig } from './signer-config';
import { startSignerServer } from './signer-server';

/**
 * `npm run signer`: the signer process (issue 43, item 5; docs/custody.md). It holds the seed words,
 * answers only on this machine, and signs only what the database shows. Its first stdout line is
 * `signer listening on <url>`, which a parent (the embedded start, a test) reads to find it.
 */
async function main(): Promise<void> {
  const config = loadSignerConfig();
  const logger = createLogger(config.logLevel).child({ process: 'signer' });
  const database = connect(config.databaseUrl);
  const running = await startSignerServer({ db: database.db, clock: systemClock, logger, config }, config);
  process.stdout.write(`signer listening on ${running.url}\n`);
  logger.info(
    { url: running.url, hotWallet: config.keys.address({ kind: 'hot' }), chains: [...config.chains.keys()] },
    'signer started',
  );
  const stop = async () => {
    await running.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // Started by a parent (npm start): when the parent goes, so does the signer.
  process.on('disconnect', () => void stop());
}

/**
 * `--identity` (the embedded default only, SIGNER_EMBEDDED=on): prints the public side of the embedded
 * seed, `{"xpub":…,"hot_address":…,"bitcoin_xpubs":{…}}`, and exits. The web process needs the hot
 * wallet's address to fund it and deploy the development NFT before the signer can be given the chain's
 * settings, and the Litecoin account's xpub to derive LTC deposit addresses from the signer's own keys,
 * and must not read the seed itself (embedded-signer.ts).
 */
function printIdentity(): void {
  if (process.env.SIGNER_EMBEDDED !== 'on' || process.env.NODE_ENV === 'production')
    throw new ConfigError(['--identity: for the embedded default only (SIGNER_EMBEDDED=on)'], 'signer:');
  const words = mnemonicFromSecret(persistentSecret(process.env.DATA_DIR ?? './data', 'chain-seed'));
  const hot = localChainSigner(words).address({ kind: 'hot' });
  const identity = {
    xpub: xpubOfMnemonic(words),
    hot_address: hot,
    bitcoin_xpubs: bitcoinXpubsOfMnemonic(words),
  };
  process.stdout.write(`${JSON.stringify(identity)}\n`);
}

const run = process.argv.includes('--identity') ? async () => printIdentity() : main;
run().catch((error: unknown) => {
  const text =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`signer failed to start: ${text}\n`);
  process.exit(1);
});
