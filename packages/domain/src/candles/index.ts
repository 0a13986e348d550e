export * from './candles';
export * from './chart-symbols';
