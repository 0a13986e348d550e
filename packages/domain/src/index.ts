export * from './assets';
export * from './markets';
export * from './money';
export * from './result';
export * from './prices';
