export * from './accounts';
export * from './audit';
export * from './entry';
export * from './model';
