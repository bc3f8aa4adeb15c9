import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIncidents, invoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { INVOICE_ADJUSTMENT_JOB } from '../invoices/invoicing';
import { deliveredShipment } from '../invoices/test-helpers';
import type { CarrierCorrection } from '../quotes/carriers/adapter';
import { carrierByScac } from '../tracking/test-fixtures';

let t: TestApp;
let ops: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
});
afterAll(() => t.close());

const reclass = (billedBy: CarrierCorrection['billed_by']): CarrierCorrection => ({
  kind: 'reclass',
  weight_lb: 850,
  freight_class: 92.5,
  factor: 1.12,
  reported: 'after_invoice',
  billed_by: billedBy,
});

/** Schedules a carrier's adjustment for the shipment as its invoice would come, and runs it. */
async function adjust(shipmentId: string, correction: CarrierCorrection) {
  await t.app.jobs.schedule(INVOICE_ADJUSTMENT_JOB, shipmentId, t.clock.now, { shipment_id: shipmentId, correction });
  await t.app.jobs.runDue(200);
  return t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.shipmentId, shipmentId), eq(invoices.type, 'adjustment')));
}

describe('carrier invoice adjustments under an alias', () => {
  it('an adjustment billed under a SCAC alias of the shipment’s carrier is issued', async () => {
    const odfl = await carrierByScac(t.database.db, 'ODFL');
    await ops.post('/api/admin/scac-aliases', { kind: 'scac', alias: 'ODFX', carrier_id: odfl.id });
    const { shipment } = await deliveredShipment(t, { scac: 'ODFL' });
    expect(await adjust(shipment.id, reclass({ scac: 'odfx' }))).toHaveLength(1);
  });

  it('one billed by an unknown SCAC, or by another carrier, is not issued but an incident', async () => {
    const { shipment } = await deliveredShipment(t, { scac: 'ODFL' });
    expect(await adjust(shipment.id, reclass({ scac: 'QQZZ' }))).toEqual([]);
    expect(await adjust(shipment.id, reclass({ name: 'Saia' }))).toEqual([]);
    const rows = await t.database.db.select().from(apiIncidents).where(eq(apiIncidents.operation, 'invoice.adjustment'));
    expect(rows.map((r) => r.kind).sort()).toEqual(['unknown_scac', 'unknown_shipment']);
    expect(rows.find((r) => r.kind === 'unknown_scac')?.error).toBe('No carrier or alias for SCAC QQZZ');
  });
});
