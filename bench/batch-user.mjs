// The shipper whose batch is uploaded, rated, booked and drawn in bench/batches.ts, over real HTTP
// from a thread of its own, as a browser on another machine: the server's thread only serves the
// requests. In the server's process, `inject` gathers each answer there (the batch's view of
// 1,000 rows is 3.2 MB of JSON, its documents 10 MB of PDF) and the bench read them there too,
// work no server does for a client elsewhere.
//
// workerData: { origin, email, password }. It signs in and says { ready: true }; then for each
// message { id, method, path, body, type } it sends the request and answers { id, status, ms,
// bytes, batch } where `batch` is what the bench reads of a batch answer (its id, rows valid and
// rows by status), or { id, status, ms, bytes, error } for a refusal (status 0: no answer).
import { parentPort, workerData } from 'node:worker_threads';
import { httpSession } from './http-session.mjs';

const { origin, email, password } = workerData;
const { send, signIn } = httpSession(origin);

/** What the bench reads of a batch's answer. */
function batchOf(text) {
  const data = JSON.parse(text).data;
  const statuses = {};
  for (const row of data.rows ?? []) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  return { id: data.id, rows_valid: data.rows_valid, statuses };
}

await signIn(email, password);
parentPort.on('message', async ({ id, method, path, body, type }) => {
  try {
    const res = await send(method, path, body, type);
    const told = { id, status: res.status, ms: Math.round(res.ms), bytes: res.body.length };
    if (res.status >= 400) parentPort.postMessage({ ...told, error: res.text().slice(0, 300) });
    else parentPort.postMessage({ ...told, batch: res.body[0] === 0x7b ? batchOf(res.text()) : null });
  } catch (error) {
    // No answer at all (the connection dropped): the bench is told, rather than left waiting.
    parentPort.postMessage({ id, status: 0, ms: 0, bytes: 0, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
