// A person who quotes while something else runs on the server, over real HTTP from a thread of its
// own (started by bench/batches.ts as a worker). In-process `inject` reads a request's body
// through two turns of the server's event loop that a socket does not take, and a client in the
// server's own thread waits on the server's work for its timers too; this user measures what a
// browser on another machine would see.
//
// workerData: { origin, email, password, perSecond, body }. It signs in, warms the quote's path
// with 5 quotes not counted and says { ready: true }, then sends one quote every
// 1/perSecond s whatever the answers (an open loop, as independent people arrive), each timed
// from when it was due, so a quote held up by the server counts its whole wait. Messages in:
// { step } (each quote is counted in the step it was due in) and { stop: true }; message out when
// stopped: { quotes: [{ ms, step }] }. A failed quote ends the worker with its error.
import { parentPort, workerData } from 'node:worker_threads';
import { httpSession } from './http-session.mjs';

const { origin, email, password, perSecond, body } = workerData;
const { send, signIn } = httpSession(origin);

let step = 'idle';
let stopped = false;
parentPort.on('message', (message) => {
  if (message.step) step = message.step;
  if (message.stop) stopped = true;
});

await signIn(email, password);
for (let i = 0; i < 5; i++) {
  const res = await send('POST', '/api/quotes', body);
  if (res.status !== 201) throw new Error(`quote: ${res.status} ${res.text().slice(0, 300)}`);
}
parentPort.postMessage({ ready: true });

const quotes = [];
const inFlight = [];
const start = performance.now();
for (let n = 0; !stopped; n++) {
  const due = start + (n * 1000) / perSecond;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (stopped) break;
  const at = step;
  inFlight.push(
    send('POST', '/api/quotes', body).then((res) => {
      if (res.status !== 201) throw new Error(`quote: ${res.status} ${res.text().slice(0, 300)}`);
      quotes.push({ ms: performance.now() - due, step: at });
    }),
  );
}
await Promise.all(inFlight);
parentPort.postMessage({ quotes });
