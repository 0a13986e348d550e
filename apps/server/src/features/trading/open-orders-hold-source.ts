import type { HoldSource } from '../ledger/hold-sources';
import { openOrderHolds } from './trading.repository';

/** The trading hold source: LOCKED must equal what open orders still hold, per user and asset. */
export const openOrdersHoldSource: HoldSource = {
  name: 'open-orders',
  expectedLocked: (tx) => openOrderHolds(tx),
};
