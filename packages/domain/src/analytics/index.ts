export * from './delivery-window';
export * from './drill';
export * from './figures';
export * from './metrics';
export * from './period';
export * from './report-mail';
export * from './scorecard';
