/**
 * Customer pricing (`@freight/domain/pricing`): the broker's sell side, turning a carrier's rate
 * (the cost) into the shipper's price by the account's or the default pricing program.
 */
export * from './match';
export * from './pricing';
export * from './rate-cost';
export * from './types';
