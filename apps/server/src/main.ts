import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { priceFeedFromConfig } from './features/market-data/price-feed-from-config';
import { createAppContext } from './platform/app-context';
import { systemClock } from './platform/clock';
import { connect, migrateDatabase } from './platform/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/embedded-postgres';
import { createLogger } from './platform/logger';
import { createMailer } from './platform/mail';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

/** Starts the whole product on one port: database, migrations, demo data, API and web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
    });
    databaseUrl = embedded.url;
    logger.info({ dir: path.join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
  }
  const database = connect(databaseUrl, { limits: config.dbLimits });
  await migrateDatabase(database.db);
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // The first tick runs before the port opens (back-fill included), so the first request has prices.
  const prices = priceFeedFromConfig({ config, database, clock: systemClock, logger });
  await prices.start();
  const deps = { config, database, clock: systemClock, mailer, logger, prices };
  const { app } = await buildApp(createAppContext(deps));
  app.addHook('onClose', () => prices.stop());
  if (config.seedDemo) await seedDemo({ db: database.db, clock: systemClock });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Exchange is running at http://${shownHost}:${config.port}`,
    `  API docs:              http://${shownHost}:${config.port}/api/docs`,
  ];
  if (config.devMailbox)
    lines.push(`  Dev mailbox:           http://${shownHost}:${config.port}/api/v1/dev/mailbox?to=EMAIL`);
  if (config.seedDemo) {
    lines.push('', '  Demo logins:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.email.padEnd(20)} ${account.password.padEnd(14)} ${account.note}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
