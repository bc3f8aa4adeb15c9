/** Automation rules: conditions, actions, the order they apply in and what they do to a quote. */
export * from './apply';
export * from './match';
export * from './types';
