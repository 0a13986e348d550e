import type { HoldSource } from '../ledger/hold-sources';
import { withdrawalHolds } from './withdrawals.repository';

/** The withdrawals hold source: LOCKED includes the amount of every withdrawal from REQUESTED to SENT. */
export const withdrawalsHoldSource: HoldSource = {
  name: 'withdrawals',
  expectedLocked: (tx) => withdrawalHolds(tx),
};
