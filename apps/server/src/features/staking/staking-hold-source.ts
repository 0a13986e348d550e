import type { HoldSource } from '../ledger/hold-sources';
import { stakeHolds } from './staking.repository';

/** The staking hold source: LOCKED must equal the principal of ACTIVE and PENDING stakes, per user and coin. */
export const stakesHoldSource: HoldSource = {
  name: 'stakes',
  expectedLocked: (tx) => stakeHolds(tx),
};
