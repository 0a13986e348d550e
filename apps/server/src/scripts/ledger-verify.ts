import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ledgerReportView, verifyLedger } from '../features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../hold-sources';
import { loadConfig } from '../platform/config';
import { connect } from '../platform/db';
import {
  type EmbeddedDatabase,
  embeddedDatabaseUrl,
  startEmbeddedPostgres,
} from '../platform/embedded-postgres';

/**
 * `npm run ledger:verify`: recomputes every balance from the journal and checks the ledger's
 * invariants. Connects to DATABASE_URL, or else to the embedded PostgreSQL under DATA_DIR/pg (the one
 * `npm start` uses: reached where it already runs, started for the check otherwise). Read-only.
 * Exit codes: 0 consistent, 1 breaches found, 2 the check could not run. `--json` prints the report.
 */
const EXIT_BREACHES = 1;
const EXIT_CANNOT_RUN = 2;

class CannotRun extends Error {}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The port a running cluster listens on: line 4 of postmaster.pid. */
function runningPort(dir: string): number | undefined {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const port = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[3] ?? '', 10);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

async function resolveDatabase(): Promise<{ url: string; embedded?: EmbeddedDatabase; where: string }> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'DATABASE_URL' };
  const dir = path.resolve(config.dataDir, 'pg');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new CannotRun(`no database in ${dir}: start the server once (npm start) or set DATABASE_URL`);
  }
  const port = runningPort(dir);
  if (port !== undefined)
    return { url: embeddedDatabaseUrl(port), where: `the running embedded PostgreSQL in ${dir}` };
  const embedded = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort });
  return { url: embedded.url, embedded, where: `the embedded PostgreSQL in ${dir}` };
}

async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  const { url, embedded, where } = await resolveDatabase();
  const database = connect(url, { max: 1 });
  try {
    const tables = await database.db.execute<{ found: string | null }>(
      sql`SELECT to_regclass('public.postings')::text AS found`,
    );
    if (!tables.rows[0]?.found)
      throw new CannotRun(`${where} has no ledger tables: start the server once to migrate it`);
    const report = ledgerReportView(await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES }));
    if (json) {
      out(JSON.stringify(report, null, 2));
    } else {
      out(`ledger check of ${where}`);
      out(
        `  ${report.accounts} accounts, ${report.entries} entries, ${report.postings} postings, ${report.duration_ms} ms`,
      );
      out(
        `  hold sources: ${report.hold_sources.length > 0 ? report.hold_sources.join(', ') : 'none (LOCKED must be 0)'}`,
      );
      if (report.consistent) out('  consistent: every invariant holds');
      else {
        out(`  BREACHES: ${report.breach_count}`);
        for (const breach of report.breaches) out(`    ${JSON.stringify(breach)}`);
      }
    }
    return report.consistent ? 0 : EXIT_BREACHES;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof CannotRun
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`ledger:verify could not run: ${message}\n`);
    process.exit(EXIT_CANNOT_RUN);
  },
);
