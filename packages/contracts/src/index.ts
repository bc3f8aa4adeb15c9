export * from './auth';
export * from './carriers';
export * from './errors';
export * from './fields';
export * from './quotes';
export * from './settings';
export * from './user';
