/**
 * The texts of coin withdrawals and the address book (issue 38), spread into the message catalogue
 * (messages.ts). The address rule's refusals are keyed by the domain's codes (checkWithdrawalAddress),
 * so the form and the server word them alike.
 */
export const coinWithdrawalMessages = {
  // The address rule (packages/domain/src/withdrawals/withdrawal-address.ts)
  withdrawalAddressRequired: 'Enter the address to send to',
  withdrawalAddressInvalid: 'This is not an address: it starts with 0x and has 40 hex characters',
  withdrawalAddressChecksum:
    'This address has a wrong checksum (a mistyped letter?): copy it again from where you got it',
  withdrawalAddressZero: 'This is the zero address: coins sent there are lost',
} as const;
