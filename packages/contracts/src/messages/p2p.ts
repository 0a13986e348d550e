/**
 * The P2P texts, spread into the message catalogue (index.ts), where screens and the server read
 * them: the spec's, in its order, then the server's answers.
 */
export const p2pMessages = {
  p2pEmailRequired: 'Please Enter Email Id',
  p2pEmailInvalid: 'Please Enter Valid Email Id',
  p2pCurrencyRequired: 'Please Choose Currency',
  p2pAmountRequired: 'Please Enter Amount',
  p2pAmountPositive: 'Amount should be greater than 0',
  p2pValidateFirst: 'Please valiadate your email first',
  confirmTransfer: 'Are You sure you want to Transfer ?',
  // The server's P2P answers (the spec shows only that the client displays them)
  p2pTransferSuccess: 'Transfer successful',
  p2pUserFound: 'User found',
  p2pRecipientUnknown: 'No user found with this email',
  p2pRecipientSelf: 'You cannot transfer to yourself',
  p2pRecipientDisabled: 'This account is disabled',
  p2pRecipientUnverified: 'This user has not completed KYC',
  p2pAmountPrecision: 'Amount can have at most {precision} decimal places',
  p2pHistoryLoaded: 'P2P history',
  p2pMailSubject: 'You received {amount} {currency}',
  p2pMailText: '{sender} sent you {amount} {currency}. It is in your wallet now.',
  // The sender's P2P budgets (ours, not the spec's; features/p2p/p2p-budgets.ts)
  p2pTransferTooFrequent: 'You are sending transfers too quickly: please wait a minute and try again',
  p2pTransferDailyLimit: 'You have reached today’s limit of transfers: please try again tomorrow',
  p2pLookupTooFrequent: 'Too many recipient look-ups: please wait a minute and try again',
} as const;
