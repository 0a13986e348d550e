/**
 * The order form's stop-limit and OCO choices and the open orders' stop and OCO lines (issue 48),
 * none of them in the spec. Part of the message catalogue (index.ts).
 */
export const tradingStopMessages = {
  orderKindLabel: 'Order kind',
  orderKindLimit: 'Limit',
  orderKindStopLimit: 'Stop-limit',
  orderKindStopMarket: 'Stop-market',
  orderKindOco: 'OCO (one cancels the other)',
  stopLimitHelp:
    'Waits off the book until the last price reaches the stop price, then places a limit order at the limit price.',
  stopMarketHelp:
    'Waits off the book until the last price reaches the stop price, then places a market order. A buy pays at most 10% above the stop price; what does not fill at once expires.',
  stopMarketNoLimitPrice: 'A stop-market order takes no limit price',
  stopMarketNeedsStop: 'A stop-market order needs a stop price and kind',
  stopMarketLabel: 'Market',
  ocoSellHelp:
    'Two sells, one cancels the other: a limit sell at the limit price, and a stop-limit sell at the stop-limit price once the last price falls to the stop price.',
  ocoBuyHelp:
    'Two buys, one cancels the other: a limit buy at the limit price, and a stop-limit buy at the stop-limit price once the last price rises to the stop price.',
  stopLastPrice: 'Last price: {price} USDT',
  stopTriggersFalls: 'Triggers when the last price falls to {price}',
  stopTriggersRises: 'Triggers when the last price rises to {price}',
  stopTriggersReaches: 'Triggers when the last price reaches {price}',
  stopPriceRequired: 'Please Enter Stop Price',
  stopLimitPriceRequired: 'Please Enter Stop-limit Price',
  invalidStopPrice: 'Please Enter Valid Stop Price',
  stopPriceAboveMin: 'Stop Price should be greater than {min}',
  stopPriceBelowMax: 'Stop Price should be less than {max}',
  stopPriceNotOnTick: 'Stop Price must be a multiple of {increment}',
  ocoSellLimitAbove: 'For a sell OCO the limit price must be above the last price ({price})',
  ocoSellStopBelow: 'For a sell OCO the stop price must be below the last price ({price})',
  ocoBuyLimitBelow: 'For a buy OCO the limit price must be below the last price ({price})',
  ocoBuyStopAbove: 'For a buy OCO the stop price must be above the last price ({price})',
  stopWaiting: 'Stop {price} (waiting)',
  ocoBadge: 'OCO',
  cancelOcoPair: 'This order is one of an OCO pair: cancelling it cancels both orders.',
} as const;
