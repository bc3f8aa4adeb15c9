export * from './bol';
export * from './payment';
export * from './tracking';
