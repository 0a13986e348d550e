export * from './decide-capture';
export * from './decide-reversal';
export * from './deposit-status';
