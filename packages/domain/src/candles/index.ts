export * from './aggregate-candles';
export * from './candles';
export * from './chart-symbols';
