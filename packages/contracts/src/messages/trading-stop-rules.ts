/**
 * The server's refusals of stop-limit and OCO orders (issue 48), none of them in the spec; the texts
 * that would trigger at once follow Binance's own ('Stop price would trigger immediately.'). Part of
 * the message catalogue (index.ts).
 */
export const tradingStopRuleMessages = {
  stopKindRequired: 'Please choose the stop kind (stop loss or take profit) for a stop price',
  stopKindWithoutPrice: 'A stop kind needs a stop price',
  stopWouldTrigger: 'Stop price would trigger immediately.',
  stopNeedsLastPrice: 'This market has no trade yet, so a stop order cannot be placed',
  stopPostOnly: 'A stop-limit order cannot be post-only',
  ocoPlaced: 'OCO orders placed successfully',
} as const;
