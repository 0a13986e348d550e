export * from './decide-sign';
export * from './sign-facts';
