export * from './auth';
export * from './envelope';
export * from './messages';
export * from './market';
export * from './newsletter';
export * from './realtime';
