export * from './auth';
export * from './envelope';
export * from './messages';
