// The drawing worker's entry when the server runs from its TypeScript sources (`npm start`, the
// tests): a worker thread starts without the main thread's loader, so it registers tsx's first.
// The compiled server starts its own bundle of the worker instead (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./shipping-documents.worker.ts');
