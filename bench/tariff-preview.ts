// The target: re-rating 100 quotes for a tariff preview in under 1 s. On a fresh PostgreSQL
// database with the demo data, the demo shipper makes 300 LTL quotes (varied lanes, weights and
// classes) among 20,000 older quotes of other modes, so the preview's walk of the newest quotes
// has company; super_admin saves a draft of one carrier (10 points less discount) and asks the
// preview 30 times. Prints JSON: the quotes compared and the preview's time (median, p95, max).
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tariff-preview.ts
import { addDays, isBusinessDay } from '@freight/domain/rating';
import pg from 'pg';
import { benchDatabase, signedInApp } from './setup';

const LANES = [
  ['60601', '30303'],
  ['10001', '90001'],
  ['75201', '98101'],
  ['33101', '02108'],
  ['80202', '85001'],
];
const pickup = () => {
  let d = addDays(new Date().toISOString().slice(0, 10), 2);
  while (!isBusinessDay(d, 'US')) d = addDays(d, 1);
  return d;
};

const bench = await benchDatabase('preview', 10);
try {
  const shipper = await signedInApp(bench.database);
  const day = pickup();
  for (let i = 0; i < 300; i++) {
    const [from, to] = LANES[i % LANES.length]!;
    const res = await shipper.send(
      'POST',
      '/api/quotes',
      JSON.stringify({
        mode: 'ltl',
        pickup_date: day,
        origin: { postal_code: from, country: 'US', site_type: 'business' },
        destination: { postal_code: to, country: 'US', site_type: 'business' },
        items: [
          {
            package_type: 'pallets',
            quantity: 1 + (i % 4),
            length: 48,
            width: 40,
            height: 48,
            weight: 200 + ((i * 37) % 1800),
            stackable: i % 2 === 0,
            hazardous: false,
          },
        ],
        accessorials: i % 3 === 0 ? ['liftgate_delivery'] : [],
        insured_value: 1000,
      }),
    );
    if (res.statusCode !== 201) throw new Error(`quote ${i}: ${res.statusCode} ${res.body}`);
  }
  // Older quotes of other modes the walk passes over (copied from parcel-shaped rows, a day older).
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  await client.query(`
    insert into quotes (account_id, user_id, mode, input, result, lowest_total_cents, currency, saved, created_at)
    select account_id, user_id, 'parcel', input, '{"rates": []}'::jsonb, null, currency, false, created_at - interval '1 day' - (g * interval '1 second')
    from (select * from quotes limit 1) q, generate_series(1, 20000) g`);
  const saia = (await client.query<{ id: string }>(`select id from carriers where scac = 'SAIA'`)).rows[0]!;
  await client.end();
  await shipper.app.close();

  const admin = await signedInApp(bench.database, {}, 'super@demo.test');
  const start = JSON.parse((await admin.send('GET', `/api/admin/carriers/${saia.id}/draft/new`)).body).data;
  const saved = await admin.send(
    'PUT',
    `/api/admin/carriers/${saia.id}/draft`,
    JSON.stringify({ mode: 'ltl', tariff: { ...start.tariff, discount_bp: start.tariff.discount_bp - 1000 } }),
  );
  if (saved.statusCode !== 200) throw new Error(`draft: ${saved.statusCode} ${saved.body}`);

  const times: number[] = [];
  let compared = 0;
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const res = await admin.send('POST', `/api/admin/carriers/${saia.id}/draft/preview`, '{}');
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body}`);
    compared = JSON.parse(res.body).data.quotes;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  console.log(JSON.stringify({ quotes_compared: compared, preview_ms: { median: at(0.5), p95: at(0.95), max: at(1) } }));
  await admin.app.close();
} finally {
  await bench.drop();
}
