/** Shipping at volume: the batch pages are reached through the router (app/router.tsx); nothing else reads this feature. */
export { BATCHES_KEY, batchKey } from './api/batchesApi';
