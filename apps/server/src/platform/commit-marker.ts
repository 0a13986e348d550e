import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from './db';

/**
 * Something to write inside the transaction that carries a request's effect, so the write commits or
 * rolls back with it. The idempotency hooks put one in scope for the request's handler; the database
 * handle (platform/db.ts) runs it at the end of every top-level transaction started in that scope.
 * A throw rolls the transaction back.
 */
export interface CommitMarker {
  mark(tx: Tx): Promise<void>;
}

const scope = new AsyncLocalStorage<CommitMarker>();

export function runWithCommitMarker<T>(marker: CommitMarker, fn: () => T): T {
  return scope.run(marker, fn);
}

export function currentCommitMarker(): CommitMarker | undefined {
  return scope.getStore();
}
