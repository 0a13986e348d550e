import type { HoldSource } from './features/ledger/hold-sources';
import { stakesHoldSource } from './features/staking/staking-hold-source';
import { openOrdersHoldSource } from './features/trading/open-orders-hold-source';
import { withdrawalsHoldSource } from './features/withdrawals/withdrawals-hold-source';

/**
 * Every feature that holds funds (moves them from AVAILABLE to LOCKED), for the ledger check. Listed
 * here, in the composition root, so the ledger knows nothing of trading or staking: a new holding
 * feature adds one import and one line.
 */
export const PRODUCT_HOLD_SOURCES: readonly HoldSource[] = [
  openOrdersHoldSource,
  stakesHoldSource,
  withdrawalsHoldSource,
];
