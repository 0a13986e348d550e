export * from './settle-trade';
export * from './instant-quote';
