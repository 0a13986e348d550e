export * from './outflow-rule';
export * from './settle-debt';
