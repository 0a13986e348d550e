import type { Tx } from '../../platform/db';
import { stakesHoldSource } from '../staking/staking-hold-source';
import { openOrdersHoldSource } from '../trading/open-orders-hold-source';

/** What one feature that holds funds expects to be locked, per user and asset (minor units). */
export interface ExpectedHold {
  readonly userId: string;
  readonly asset: string;
  readonly amount: bigint;
}

/**
 * A feature that moves funds from AVAILABLE to LOCKED (open limit orders, active stakes, escrow)
 * registers here how to add up what it holds right now, read in the ledger check's snapshot. The check
 * compares every LOCKED balance with the sum over all sources; a LOCKED balance no source explains must
 * be zero.
 */
export interface HoldSource {
  readonly name: string;
  expectedLocked(tx: Tx): Promise<readonly ExpectedHold[]>;
}

/**
 * The hold sources of the product: open limit orders and active or pending stakes. A feature that
 * holds funds adds its source here (one import and one line).
 */
export const HOLD_SOURCES: readonly HoldSource[] = [openOrdersHoldSource, stakesHoldSource];
