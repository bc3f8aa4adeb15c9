// The targets: a quote across the border within 1.5x of a domestic quote's time in the same run,
// and each border document generated in under 300 ms. On a fresh PostgreSQL database with the demo
// data, the demo shipper quotes the same three item lines Chicago -> Dallas (domestic) and
// Chicago -> Monterrey (through Laredo, handed over to the Mexican carrier), alternating in rounds
// after a warm-up, one request at a time, so each figure is one quote's server time. It then books
// Chicago -> Monterrey and Toronto -> Dallas with their customs declarations and asks each
// document of theirs 30 times (the commercial invoice, the bill of lading naming both brokers, the
// PAPS label into the United States, the Carta Porte's XML and printed copy once the pedimento is
// recorded: its first download stamps it through the certifier simulator, timed apart). Prints
// JSON: per kind of quote p50/p95, the ratio of the medians, and per document p50/p95/max.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cross-border.ts
import { randomUUID } from 'node:crypto';
import { addDays, isBusinessDay } from '@freight/domain/rating';
import { startPacSimulator } from '../apps/server/src/modules/carta-porte/pac.simulator';
import { monterreyPlace, ourBroker, torontoPlace, usmcaItem } from '../apps/server/src/modules/customs/customs.test-support';
import { bookingBody, dallasPlace, type QuoteData } from '../apps/server/src/modules/shipments/booking-fixtures';
import { latencyStats } from './latency';
import { benchDatabase, signedInApp } from './setup';
import { benchQuoteRequest } from './shipment';

const ROUNDS = 8;
const PER_ROUND = 40;
const DOCUMENT_ASKS = 30;

/** A pickup day that is a business day on both sides of both borders. */
function pickupDay() {
  let d = addDays(new Date().toISOString().slice(0, 10), 3);
  while (!(['US', 'CA', 'MX'] as const).every((c) => isBusinessDay(d, c))) d = addDays(d, 1);
  return d;
}

const bench = await benchDatabase('border', 10);
// The Carta Porte's certifier: the simulator on a port of its own, spoken to over HTTP as in production.
const PAC = { user: 'bench', password: 'bench-password-1' };
const pac = await startPacSimulator({ ...PAC, issuerRfc: 'EKU9003173C9', now: () => new Date() });
try {
  const shipper = await signedInApp(bench.database, { PAC_URL: pac.url, PAC_USER: PAC.user, PAC_PASSWORD: PAC.password });
  const day = pickupDay();
  const request = (destination: object, origin: object = { postal_code: '60606', country: 'US', site_type: 'business' }) =>
    JSON.stringify({ ...benchQuoteRequest(), pickup_date: day, accessorials: [], origin, destination });
  const domestic = request({ postal_code: '75201', country: 'US', site_type: 'business' });
  const across = request({ postal_code: '64000', country: 'MX', site_type: 'business' });

  async function quote(body: string) {
    const started = performance.now();
    const res = await shipper.send('POST', '/api/quotes', body);
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`quote: ${res.statusCode} ${res.body}`);
    return { ms, data: res.json().data as QuoteData & { rates: { crossing: unknown }[] } };
  }

  // Warm-up: the first quotes of each lane load the tariffs, the postal data and the JIT.
  for (let i = 0; i < 20; i++) {
    await quote(domestic);
    await quote(across);
  }
  const times = { domestic: [] as number[], across: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which goes first, so neither always follows the other's garbage.
    const order = round % 2 === 0 ? (['domestic', 'across'] as const) : (['across', 'domestic'] as const);
    for (const kind of order) {
      for (let i = 0; i < PER_ROUND; i++) times[kind].push((await quote(kind === 'domestic' ? domestic : across)).ms);
    }
  }
  const domesticStats = latencyStats(times.domestic);
  const acrossStats = latencyStats(times.across);

  // The documents of two bookings across the border.
  async function book(quoteBody: string, over: Record<string, unknown>) {
    const { data } = await quote(quoteBody);
    if (!data.rates[0]?.crossing) throw new Error('the quote across the border has no crossing rate');
    const res = await shipper.send('POST', '/api/shipments', JSON.stringify(bookingBody(data, over)), 'application/json', {
      'idempotency-key': randomUUID(),
    });
    if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: string };
  }
  const customs = (brokers: object[], taxId = '') => ({
    incoterm: 'DAP',
    currency: 'USD',
    items: [1, 2, 3].map(() => usmcaItem),
    brokers,
    tax_id: taxId,
  });
  const toMonterrey = await book(across, {
    delivery: monterreyPlace,
    customs: customs([ourBroker('US'), ourBroker('MX')], 'ANE010203XY9'),
  });
  const toDallas = await book(
    request(
      { postal_code: '75201', country: 'US', site_type: 'business' },
      { postal_code: 'M5V 3L9', country: 'CA', site_type: 'business' },
    ),
    {
      pickup: torontoPlace,
      delivery: dallasPlace(),
      customs: customs([ourBroker('CA'), ourBroker('US')]),
    },
  );
  // Into Mexico the Carta Porte waits for the pedimento; its first download stamps it (the certifier, then the schema check).
  const entry = await shipper.send(
    'PUT',
    `/api/shipments/${toMonterrey.id}/customs-entry`,
    JSON.stringify({ entry_number: '262434566001234' }),
  );
  if (entry.statusCode !== 200) throw new Error(`pedimento: ${entry.statusCode} ${entry.body}`);
  const stampStarted = performance.now();
  const stamped = await shipper.send('GET', `/api/shipments/${toMonterrey.id}/documents/carta_porte`);
  const stampMs = +(performance.now() - stampStarted).toFixed(1);
  if (stamped.statusCode !== 200) throw new Error(`carta porte: ${stamped.statusCode} ${stamped.body.slice(0, 200)}`);
  const documents: Record<string, ReturnType<typeof latencyStats>> = {};
  for (const [name, id, kind] of [
    ['commercial invoice (into Mexico, Spanish)', toMonterrey.id, 'commercial_invoice'],
    ['bill of lading (both brokers)', toMonterrey.id, 'bol'],
    ['commercial invoice (into the US)', toDallas.id, 'commercial_invoice'],
    ['PAPS label', toDallas.id, 'entry_label'],
    ['Carta Porte XML (as stamped)', toMonterrey.id, 'carta_porte'],
    ['Carta Porte printed copy', toMonterrey.id, 'carta_porte_pdf'],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < DOCUMENT_ASKS; i++) {
      const started = performance.now();
      const res = await shipper.send('GET', `/api/shipments/${id}/documents/${kind}`);
      ms.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    documents[name] = latencyStats(ms);
  }

  console.log(
    JSON.stringify(
      {
        quotes: { domestic: domesticStats, across: acrossStats, ratio_of_medians: +(acrossStats.p50 / domesticStats.p50).toFixed(2) },
        documents,
        carta_porte_first_download_ms: stampMs,
        targets: { ratio_at_most: 1.5, document_ms_under: 300 },
      },
      null,
      2,
    ),
  );
} finally {
  await pac.close();
  await bench.drop();
}
