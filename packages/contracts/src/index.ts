export * from './fields';
export * from './auth';
export * from './settings';
export * from './errors';
export * from './user';
