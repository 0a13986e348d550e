import type { Tx } from '../../platform/db';

/** What one feature that holds funds expects to be locked, per user and asset (minor units). */
export interface ExpectedHold {
  readonly userId: string;
  readonly asset: string;
  readonly amount: bigint;
}

/**
 * A feature that moves funds from AVAILABLE to LOCKED (open limit orders, active stakes, escrow)
 * tells the ledger check how to add up what it holds right now, read in the ledger check's snapshot. The check
 * compares every LOCKED balance with the sum over all sources; a LOCKED balance no source explains must
 * be zero.
 */
export interface HoldSource {
  readonly name: string;
  expectedLocked(tx: Tx): Promise<readonly ExpectedHold[]>;
}
