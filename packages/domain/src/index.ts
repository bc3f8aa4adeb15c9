export * from './roles';
export * from './settings';
export * from './password';
export * from './limits';
