/**
 * The solvency panel's on-chain holdings (issue 37; none are in the spec: ours), spread into the
 * message catalogue (index.ts).
 */
export const solvencyChainMessages = {
  solvencyOnChainTitle: 'On-chain holdings',
  solvencyOnChainNote:
    'What the product holds on each chain, read from the chain, beside what customers are owed and the custody account. It matches when the chain holds the custody plus what is not yet credited, less what was sent and awaits its confirmations.',
  solvencyCoin: 'Coin',
  solvencyHotWallet: 'Hot wallet',
  solvencyDepositAddresses: 'Deposit addresses',
  solvencyColdWallet: 'Cold wallet',
  solvencyCustomersOwed: 'Customers owed',
  solvencyCustody: 'Custody',
  solvencyUncredited: 'Not credited',
  solvencyInFlight: 'Sent, confirming',
  solvencyCheck: 'Check',
  solvencyMatches: 'Matches',
  solvencyOffBy: 'Off by {amount}',
  solvencyUnavailable: 'Unavailable',
  solvencyAboveHotCap: 'Above hot cap',
  solvencyChainUnavailable:
    '{chain} did not answer: its on-chain figures are unavailable, the ledger’s are shown.',
} as const;
