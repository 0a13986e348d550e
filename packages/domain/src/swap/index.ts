export * from './swap-amount';
export * from './swap-quote';
