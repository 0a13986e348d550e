export * from './instant-quote';
export * from './instant-rules';
export * from './settle-trade';
export * from './house-quotes';
