export * from './accounts';
export * from './audit';
export * from './entry';
export * from './history-row';
export * from './hot-accounts';
export * from './model';
export * from './net-holds';
