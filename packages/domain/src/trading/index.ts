export * from './house-quotes';
export * from './instant-quote';
export * from './instant-rules';
export * from './settle-book-events';
export * from './settle-trade';
