export * from './auth';
export * from './errors';
export * from './fields';
export * from './settings';
export * from './user';
