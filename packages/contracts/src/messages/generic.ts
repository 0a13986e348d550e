/** Placeholder screens and the texts every screen may show. Part of the message catalogue (index.ts). */
export const genericMessages = {
  // Placeholder screens (spec section 2: basket, blog details, professional trading)
  basketComingSoon: 'Coming Soon',
  goBack: 'Go Back',
  proTradingInstant: 'Instant',
  proTradingLimit: 'Limit',
  quickBuy: 'Quick Buy',
  quickSell: 'Quick Sell',
  // Generic
  noDataFound: 'No data found',
  noDataFoundAdmin: 'No Data Found',
  networkError: 'Network Error',
  serverError: 'Server error! Please try again.',
  somethingWentWrong: 'Something went wrong! Please try again.',
  uploadError: 'error',
  processing: 'Processing',
} as const;
