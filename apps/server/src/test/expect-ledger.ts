import { expect } from 'vitest';
import type { HoldSource } from '../features/ledger/hold-sources';
import { verifyLedger } from '../features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../hold-sources';
import type { Db } from '../platform/db';

/**
 * Runs the ledger check (the one `npm run ledger:verify` runs) and fails the test on any breach,
 * listing them. Every money scenario ends with it.
 */
export async function expectLedgerConsistent(
  db: Db,
  options: { holdSources?: readonly HoldSource[] } = {},
): Promise<void> {
  const check = await verifyLedger(db, { holdSources: options.holdSources ?? PRODUCT_HOLD_SOURCES });
  expect(check.breaches).toEqual([]);
}
