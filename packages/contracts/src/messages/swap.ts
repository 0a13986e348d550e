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
  // Converting USD into USDT from the limit order form (issue 45)
  usdConvertsToUsdtOnly: 'USD can only be converted into USDT',
  convertUsdTitle: 'Convert USD to USDT',
  convertUsdLacking:
    'This order needs {missing} USDT more than you have. Convert USD to USDT here, then place the order.',
  convertUsdAmount: 'USD to convert',
  convertUsdAction: 'Convert',
  convertUsdDone: 'Converted: you can place the order now',
  convertUsdQuoteValid: 'Quote valid for {seconds} s',
  convertUsdQuoteExpired: 'Quote expired: fetching a new one…',
  getUsdt: 'Get USDT',
  getUsdtExplained: 'Limit orders are paid in USDT. You hold USD: convert it to USDT here, at a quoted rate.',
} as const;
