export * from './countries';
export * from './formats';
