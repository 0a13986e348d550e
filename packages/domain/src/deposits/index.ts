export * from './decide-capture';
export * from './deposit-status';
