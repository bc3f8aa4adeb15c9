/** Shipping at volume: the batch pages are reached through the router (app/customerRoutes.tsx); the eBay orders page makes batches with the same rule select. */
export { BATCHES_KEY, batchKey } from './api/batchesApi';
export { RuleSelect } from './components/RuleSelect';
