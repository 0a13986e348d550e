export * from './market-order';
export * from './market-units';
export * from './order-book';
export * from './order-funds';
export * from './order-rules';
export * from './stop-cascade';
export * from './stop-orders';
export * from './types';
