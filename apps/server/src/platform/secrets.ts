import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets that a fresh start makes up by itself: 48 random bytes, base64url, written once to
 * `DATA_DIR/secrets/<name>` (mode 0600) and read back on every later start, so sessions and codes
 * survive a restart without a constant in source. Two processes starting together on one data
 * directory agree: the file is created exclusively, and the loser of that race reads the winner's.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  const existing = readSecret(file);
  if (existing) return existing;
  // Only the secrets folder is private: a recursive mkdir would give the data directory itself 0700 too,
  // and the embedded PostgreSQL (run as its own user when started by root) could not reach DATA_DIR/pg.
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fresh = randomSecret();
  try {
    writeFileSync(file, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (!winner) throw new Error(`the secret file ${file} is empty`);
    return winner;
  }
}

/** A secret that lives only as long as the process (tests: every run gets new ones). */
export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

function readSecret(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text.length > 0 ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
