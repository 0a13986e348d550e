export * from './swap-amount';
export * from './swap-quote';
export * from './swap-price-guard';
