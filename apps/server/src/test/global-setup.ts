import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevChain } from '../platform/chain/dev-chain';
import { connect, migrateDatabase } from '../platform/db';
import { startEmbeddedPostgres } from '../platform/embedded-postgres';
import { freePort } from '../platform/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplateUrl: string;
    /** The run's one local chain (test/test-chain.ts): its RPC URL and test USDT contract. */
    chainRpcUrl: string;
    chainUsdt: string;
  }
}

/**
 * One real PostgreSQL for the whole run (embedded, in a temporary directory, or TEST_DATABASE_URL's
 * server), with a migrated template database that each test file clones in milliseconds.
 */
export default async function setup(project: TestProject) {
  // The run's one development chain starts beside PostgreSQL, so it adds little to the run's time.
  const chainStarting = startDevChain();
  chainStarting.catch(() => undefined);
  const external = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let templateUrl: string;
  if (external) {
    templateUrl = external;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-test-pg-'));
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'exchange_template' });
    templateUrl = pg.url;
    stop = async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const database = connect(templateUrl, { max: 1 });
  await migrateDatabase(database.db);
  await database.close();
  project.provide('pgTemplateUrl', templateUrl);
  const chain = await chainStarting;
  project.provide('chainRpcUrl', chain.rpcUrl);
  project.provide('chainUsdt', chain.usdt);
  return async () => {
    await chain.stop();
    await stop();
  };
}
