/**
 * The texts of coin withdrawals and the address book (issue 38), spread into the message catalogue
 * (index.ts). The address rule's refusals are keyed by the domain's codes (checkWithdrawalAddress),
 * so the form and the server word them alike.
 */
export const coinWithdrawalMessages = {
  // The address rule (packages/domain/src/withdrawals/withdrawal-address.ts)
  withdrawalAddressRequired: 'Enter the address to send to',
  withdrawalAddressInvalid: 'This is not an address: it starts with 0x and has 40 hex characters',
  /** A Bitcoin-family chain's (issue 47): bech32 only, under the chain's own prefix. */
  withdrawalAddressInvalidSegwit:
    'This is not an address of this network: it starts with {prefix}1 (bech32; legacy addresses are not accepted)',
  withdrawalAddressChecksum:
    'This address has a wrong checksum (a mistyped letter?): copy it again from where you got it',
  withdrawalAddressZero: 'This is the zero address: coins sent there are lost',
  withdrawalAddressOwn:
    'This is an address of the exchange (your deposit address or our hot wallet): send to an address of your own',
  // The withdraw dialog for coins
  coinWithdrawTitle: 'Withdraw {asset}',
  coinWithdrawIntro: 'Send coins from your wallet to an address of your own on the chain.',
  coinWithdrawCoin: 'Coin',
  // Under the coin picker (issue 45): the picker offers only the coins that can move; {assets} names the rest.
  coinWithdrawNotYet: '{assets} cannot be withdrawn here yet.',
  coinWithdrawNetwork: 'Network',
  // A coin that leaves on several networks (issue 47): none is picked for the customer.
  coinWithdrawChooseNetwork:
    '{asset} leaves on {count} networks. Choose the network of the address you send to.',
  coinWithdrawSendTo: 'Send to',
  coinWithdrawTyped: 'A new address',
  coinWithdrawFromBook: 'From my address book',
  coinWithdrawAddressLabel: 'Address',
  coinWithdrawAddressHint: 'An address on {chain} only: coins sent on another network are lost.',
  coinWithdrawChecksumOk: 'Checksum matches: {address}',
  coinWithdrawBookEntry: 'Address book entry',
  coinWithdrawBookChoose: 'Choose an address from your address book',
  coinWithdrawBookEmpty: 'Your address book has no address on {chain} yet.',
  coinWithdrawBookWaiting: '{label}: usable from {time}',
  coinWithdrawSave: 'Save to address book',
  coinWithdrawSaveLabel: 'Label',
  coinWithdrawSaveHint: 'A new entry can be used for withdrawals {hours} hours after you add it.',
  coinWithdrawLabelRequired: 'Give the address a label',
  coinWithdrawLabelTooLong: 'A label has at most {max} characters',
  coinWithdrawNetworkFee: 'Network fee',
  coinWithdrawNewAddressNote: 'A withdrawal to an address you have not used before waits for a review.',
  coinWithdrawSaveStepTitle: 'Save {address} to your address book as “{label}”',
  coinWithdrawSaveStepHint:
    'Each two-factor code works once: enter the next code from your authenticator app.',
  coinWithdrawSaveButton: 'Save address',
  coinWithdrawNotNow: 'Not now',
  coinWithdrawButton: 'Withdraw {asset}',
  // The address book (Security page)
  addressBookTitle: 'Withdrawal address book',
  addressBookIntro:
    'The addresses you withdraw coins to, each with a label. Adding one needs a two-factor code, and a new entry can be used only after a safety wait, so a thief with your password cannot add an address and empty your wallet at once.',
  addressBookAdd: 'Add address',
  addressBookEmpty: 'No saved addresses yet',
  addressBookSearch: 'Search addresses',
  addressBookRemove: 'Remove',
  addressBookRemoveConfirm: 'Remove “{label}” ({address}) from your address book?',
  addressBookUsable: 'Ready',
  addressBookUsableFrom: 'Usable from {time}',
  addressBookSavedUsableFrom: 'Address saved: usable for withdrawals from {time}',
  // History and the back office
  withdrawalNetwork: 'Network',
  withdrawalTransaction: 'Transaction',
  withdrawalLabel: 'Label',
  hotWalletTitle: 'Hot wallet',
  hotWalletIntro:
    'What the hot wallet of each chain holds, read from the chain, beside the approved withdrawals waiting to be sent.',
  hotWalletBalance: 'Balance',
  hotWalletPending: 'Pending withdrawals',
  hotWalletCovered: 'Covered',
  hotWalletShort: 'Not covered',
  hotWalletNotCovered:
    'The hot wallet cannot cover the approved {asset} withdrawals on {chain}: they wait until it is funded with at least {missing} {asset} more.',
  hotWalletEmpty: 'No chain is configured',
  hotWalletStuckTitle: 'Stuck transactions',
  hotWalletStuck:
    'A {purpose} transaction on {chain} (reference {reference}, nonce {nonce}) from {address} is stuck since {since}: {reason}. It keeps its nonce and nothing is refunded until it or its cancel is mined.',
  hotWalletStuckCancel: 'Cancel sent: {hash}',
} as const;
