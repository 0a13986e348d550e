/** Deposits by card or PayPal: the spec's texts and the server's answers. Part of the message catalogue (index.ts). */
export const depositMessages = {
  // Deposit
  depositAmountRequired: 'Please enter deposit amount',
  depositAmountTooSmall: 'Amount Should Be Greater Than 1',
  transactionFailed: 'Transaction Failed',
  comingSoon: 'Coming Soon ...',
  // The server's deposit answers (the spec shows only that the client displays them)
  depositAmountDecimals: 'Amount can have at most 2 decimal places',
  depositAmountTooLarge: 'Amount Should Be At Most 100000',
  depositOrderCreated: 'Order created',
  depositOrderNotFound: 'Order not found',
  depositOrderClosed: 'This order is no longer open',
  depositApproved: 'Payment approved',
  depositDeclined: 'Payment declined',
  depositNotApproved: 'The payment has not been approved yet',
  depositAmountMismatch: 'Amount does not match the order',
  depositSuccessful: 'Deposit successful',
  depositPending: 'Deposit pending: your wallet is credited when the payment completes',
  paymentProviderUnavailable: 'The payment provider is not reachable. Please try again later.',
} as const;
