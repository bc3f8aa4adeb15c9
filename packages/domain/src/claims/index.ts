/** Freight claims' clocks and amounts (`@freight/domain/claims`: the clocks count on the business calendar). */
export * from './amounts';
export * from './clocks';
export * from './kinds';
