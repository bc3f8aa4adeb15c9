export * from './billing';
export * from './freight';
export * from './limits';
export * from './password';
export * from './roles';
export * from './settings';
export * from './shipping';
export * from './support';
