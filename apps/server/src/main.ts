import path from 'node:path';
import { buildApp } from './app';
import { restoreEmbeddedChain } from './dev-chain-restore';
import {
  embeddedSignerWanted,
  planEmbeddedSigner,
  plannedChainSigner,
  type RunningSigner,
  startEmbeddedSigner,
} from './embedded-signer';
import { recordStartFloat } from './features/custody/book-house-float';
import { PRICE_FEED_JOB } from './features/market-data/price-feed';
import { priceFeedFromConfig } from './features/market-data/price-feed-from-config';
import { createAppContext } from './platform/app-context';
import { startEmbeddedLitecoin } from './platform/chain/bitcoin/embedded-litecoin';
import { checkTokenDecimals, TokenDecimalsError } from './platform/chain/chain-token-check';
import { startEmbeddedChain } from './platform/chain/embedded-chain';
import { chainListEntryOf } from './platform/chain/embedded-networks';
import { systemClock } from './platform/clock';
import { ConfigError, loadConfig } from './platform/config';
import { connect, migrateDatabase } from './platform/db';
import type { EmbeddedDatabase } from './platform/embedded-postgres';
import { createServerLogger } from './platform/logger';
import { createMailer } from './platform/mail/mailer';
import { DEMO_ACCOUNTS, seedDemo } from './seed';
import { seedDemoNfts } from './seed-demo-nfts';
import { connectSignerProcess } from './signer-connection';

/** Starts the whole product on one port: database, migrations, demo data, API and web app. */
async function main(): Promise<void> {
  // The embedded default runs the signer as a child process (embedded-signer.ts): this process gets
  // the seed's public side and the child's address and per-start secret, never the seed words.
  const plan = embeddedSignerWanted(process.env) ? await planEmbeddedSigner(process.env) : null;
  const settings = loadConfig(plan ? { ...process.env, ...plan.webEnv } : process.env);
  const logger = createServerLogger(settings);
  // SIGNER_URL: every signature comes from the signer process; this process holds no key.
  const loaded = plan
    ? { ...settings, chainSigner: plannedChainSigner(plan) }
    : await connectSignerProcess(settings, logger);
  // CHAIN_MODE=embedded: a local development chain for coin deposits (platform/embedded-chain.ts).
  // One line per start step, so a start that takes a while says what it is waiting for.
  if (loaded.chainMode === 'embedded') logger.info('starting the development chain (hardhat)');
  // The regtest Litecoin node (issue 47) starts beside it, when litecoind is installed.
  const [chain, litecoin] = await Promise.all([
    startEmbeddedChain(loaded, logger),
    // Its addresses are the signer child's keys (its identity's BIP-84 account for test networks, '1').
    startEmbeddedLitecoin(loaded, logger, plan?.identity.bitcoin_xpubs?.['1']),
  ]);
  const config = litecoin.apply(chain.config);
  // Every token's decimals as its contract has them, before anything reads or sends a coin.
  await checkTokenDecimals(config.chains, logger).catch(async (error: unknown) => {
    await chain.stop();
    await litecoin.stop();
    throw error;
  });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Loaded only in embedded mode: the package hooks SIGTERM to exit at once (code 143), which would
    // cut the graceful shutdown below short. Its hooks are dropped; our stop() stops the cluster itself.
    logger.info('starting embedded PostgreSQL');
    const { startEmbeddedPostgres } = await import('./platform/embedded-postgres');
    process.removeAllListeners('SIGTERM');
    process.removeAllListeners('SIGINT');
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      statementStats: config.embeddedPgStatementStats,
    });
    databaseUrl = embedded.url;
    logger.info({ dir: path.join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
  }
  const database = connect(databaseUrl, { limits: config.dbLimits });
  logger.info('migrating the database');
  await migrateDatabase(database.db);
  // An older data directory's LTC deposit addresses move onto this start's key (embedded-litecoin.ts).
  await litecoin.adopt(database.db);
  let signer: RunningSigner | undefined;
  if (plan) {
    logger.info('starting the signer process');
    const dev = config.chains[0]!;
    signer = await startEmbeddedSigner(
      process.env,
      plan,
      {
        dataDir: config.dataDir,
        databaseUrl,
        chain: {
          rpcUrl: dev.rpcUrl,
          chainId: dev.chainId,
          usdtContract: dev.tokens.find((token) => token.asset === 'USDT')?.contract ?? null,
          nftContract: config.nftContractAddress,
          hotCapNative: config.chainSweeps.hotCapNative,
          hotCapToken: config.chainSweeps.hotCapToken,
          // The child signs on every local network, with every token of each (issue 47).
          networks: JSON.stringify(config.chains.map(chainListEntryOf)),
        },
      },
      logger,
    );
    // The same check as any web process's: the child's seed is the one this start was planned with.
    await connectSignerProcess(config, logger);
  }
  // A restarted embedded chain is empty: put back what the ledger says it held, before the jobs start.
  await restoreEmbeddedChain(database.db, chain);
  // What this start put into the hot wallet is the house's float: recorded, the chain and custody agree.
  await recordStartFloat(database.db, chain.float, logger);
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // The first tick runs before the port opens (back-fill included), so the first request has prices.
  const prices = priceFeedFromConfig({ config, database, clock: systemClock, logger });
  logger.info({ feed: config.priceFeed }, 'fetching the first prices');
  await prices.start();
  const jobLeadership = () => [{ job: PRICE_FEED_JOB, leader: prices.isWriter() }];
  const deps = { config, database, clock: systemClock, mailer, logger, prices, jobLeadership };
  const { app, shutdown, ctx } = await buildApp(createAppContext(deps));
  app.addHook('onClose', () => prices.stop());
  if (config.seedDemo) {
    logger.info('seeding the demo accounts and NFTs');
    await seedDemo({ db: database.db, clock: systemClock });
    // A few NFTs for sale by the house, minted on the development chain when it runs.
    await seedDemoNfts(ctx);
  }

  let stopping = false;
  // SIGTERM (a rolling restart, `docker stop`): finish what was started, then exit 0. A stop that
  // hangs past SHUTDOWN_TIMEOUT_MS exits 1 rather than block the orchestrator's restart.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests, sockets and matching loops');
    const deadline = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      await shutdown();
      await database.close();
      await signer?.stop();
      await embedded?.stop();
      await chain.stop();
      await litecoin.stop();
      logger.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  logger.info({ port: config.port }, 'opening the port');
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  // The port the server got, which PORT=0 leaves to the system.
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  const lines = [
    '',
    `  Exchange is running at http://${shownHost}:${port}`,
    `  API docs:              http://${shownHost}:${port}/api/docs`,
  ];
  if (config.devMailbox)
    lines.push(`  Dev mailbox:           http://${shownHost}:${port}/api/v1/dev/mailbox?to=EMAIL`);
  lines.push(...chain.bannerLines, ...litecoin.bannerLines);
  if (plan && signer)
    lines.push(
      `  Signer process:        pid ${signer.pid} on ${plan.url} (holds the keys; this process none)`,
    );
  if (config.seedDemo) {
    lines.push('', '  Demo logins:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.email.padEnd(20)} ${account.password.padEnd(14)} ${account.note}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: its list says what, a stack trace would not.
  const text =
    error instanceof ConfigError || error instanceof TokenDecimalsError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`failed to start: ${text}\n`);
  process.exit(1);
});
