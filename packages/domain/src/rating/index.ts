/**
 * The rating engine (`@freight/domain/rating`): pure rules and tables for LTL, parcel and
 * truckload prices, transit and calendars. Kept apart from the package's main entry so the web
 * bundle does not carry postal and holiday data it does not use.
 */

export * from './banking-days';
export * from './border';
export * from './calendar';
export * from './freight-class';
export * from './geo';
export * from './insurance';
export * from './ltl';
export * from './mexico';
export * from './parcel';
export * from './pickup-date';
export * from './ports';
export * from './truckload';
export * from './types';
export * from './units';
export * from './versions';
export * from './zones';
