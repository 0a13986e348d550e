export * from './assets';
export * from './markets';
export * from './money';
export * from './result';
export * from './prices';
export * from './auth/otp';
export * from './auth/refresh-token';
