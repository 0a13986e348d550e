export * from './swap-amount';
export * from './swap-price-guard';
export * from './swap-quote';
