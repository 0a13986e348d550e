export * from './instant-quote';
export * from './settle-trade';
