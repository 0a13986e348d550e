/** Swap and multicoin: the spec's texts and the server's answers. Part of the message catalogue (index.ts). */
export const swapMessages = {
  // Swap and multicoin
  swapAmountPositive: 'Amount must be greater than 0',
  rateUnavailable: 'Network error please try again after some time...',
  rateUnavailableMulticoin: 'Network error please try again after some time..',
  confirmSwap: 'Are You sure you want to Swap ?',
  // The server's swap answers (the spec shows only that the client displays them)
  swapSameCoin: 'From and To currency must be different',
  swapExecuted: 'Swap successful',
  multiBought: 'MultiCoin bought successfully',
  swapQuoteIssued: 'Swap quote',
  swapHistoryLoaded: 'Swap history',
  swapAmountPrecision: 'Amount can have at most {precision} decimal places',
  swapNothingToReceive: 'Amount is too small to swap',
  swapPriceMoved: 'The price moved; please request a new quote',
  swapQuoteBudget: 'Too many quotes: please wait a minute before asking for another',
  swapNewQuote: 'Get a new quote',
  multiFromNotAllowed: 'MultiCoin can be bought with ETH, XRP, ADA or DOT',
} as const;
