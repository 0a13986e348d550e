/**
 * The server's answers about on-chain deposits (issue 37; none are in the spec: ours), spread into the
 * message catalogue (index.ts). The screen's own texts are in coin-deposits.ts.
 */
export const chainDepositMessages = {
  depositNetworksLoaded: 'Deposit networks',
  depositAddressLoaded: 'Deposit address',
  chainDepositsLoaded: 'Deposits',
  chainDepositNetworkUnknown: 'This coin cannot be deposited on that network',
} as const;
