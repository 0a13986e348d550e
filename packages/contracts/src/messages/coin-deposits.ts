/**
 * The coin deposit screen's texts and the History's Deposits tab (issue 37; none are in the spec: ours),
 * spread into the message catalogue (index.ts). `{name}` marks a value filled in where the text is used.
 */
export const coinDepositMessages = {
  coinDepositTitle: 'Deposit crypto',
  coinDepositIntro: 'Bring coins from your own wallet: send them to your deposit address below.',
  coinDepositCoin: 'Coin',
  coinDepositNetwork: 'Network',
  coinDepositAddress: 'Your {asset} deposit address',
  coinDepositQrAlt: 'QR code of your {asset} deposit address',
  coinDepositCopy: 'Copy address',
  coinDepositMinimum: 'Minimum deposit',
  coinDepositConfirmations: 'Confirmations needed',
  coinDepositWarning: 'Send only {asset} on {chain} to this address. Other coins or networks will be lost.',
  // A coin on several networks (issue 47): no network is picked for the customer, so none is wrong
  // silently, and the warning names the mistake of sending on another one.
  coinDepositNetworkWarning:
    'Send only {asset} on {chain} to this address. Coins sent on another network may be lost.',
  coinDepositNetworkPlaceholder: 'Choose a network',
  coinDepositChooseNetwork:
    '{asset} moves on {count} networks. Choose the one your wallet sends on to see your address.',
  coinDepositBelowMinimumNote: 'Less than the minimum is recorded but not credited.',
  // Under the coin picker (issue 45): the picker offers only the coins that can move; {assets} names the rest.
  coinDepositNotYet: '{assets} cannot be deposited here yet.',
  coinDepositKycNote: 'Only KYC-verified customers get a deposit address.',
  coinDepositNetworksFailed: 'The coins you can deposit could not be loaded',
  coinDepositAddressFailed: 'Your deposit address could not be loaded',
  coinDepositRecent: 'Recent deposits',
  coinDepositAll: 'All deposits',
  coinDepositRecentEmpty: 'No {asset} deposits yet. A deposit shows here within seconds of being mined.',
  coinDepositCredited: '{amount} {asset} credited to your wallet',
  // The Deposits tab of /history and its columns
  chainDepositsTab: 'Deposits',
  chainDepositsSearch: 'Search deposits by coin, tx hash or status',
  chainDepositsFailed: 'Your deposits could not be loaded',
  chainDepositDate: 'Date',
  chainDepositAmount: 'Amount',
  chainDepositChain: 'Chain',
  chainDepositTx: 'Tx hash',
  chainDepositConfirmations: 'Confirmations',
  chainDepositStatus: 'Status',
  chainDepositBelowMinimum: 'Below minimum',
} as const;
