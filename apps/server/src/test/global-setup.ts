import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
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
  // Only the files on the development chain get one (vitest.config.ts puts them in their own project).
  // It starts beside PostgreSQL, so it adds little to the run's time.
  const onChain = project.name === 'server-chain';
  const chainStarting = onChain ? startDevChain() : undefined;
  chainStarting?.catch(() => undefined);
  const external = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let templateUrl: string;
  if (external) {
    // Both server projects run at once: each migrates and clones its own template on the server, since
    // PostgreSQL refuses to clone a template another session is connected to.
    templateUrl = onChain ? await projectTemplate(external, 'chain') : external;
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
  project.provide('chainRpcUrl', chain?.rpcUrl ?? '');
  project.provide('chainUsdt', chain?.usdt ?? '');
  return async () => {
    await chain?.stop();
    await stop();
  };
}

/** A fresh, empty database beside `url`'s, named after it with `suffix`: the URL to reach it. */
async function projectTemplate(url: string, suffix: string): Promise<string> {
  const template = new URL(url);
  const name = `${template.pathname.slice(1)}_${suffix}`;
  const onPostgres = new URL(url);
  onPostgres.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: onPostgres.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  template.pathname = `/${name}`;
  return template.toString();
}
