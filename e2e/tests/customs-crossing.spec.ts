import { readFile } from 'node:fs/promises';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { freshEmail } from '../support/flows';
import { expectNoSidewaysScroll } from '../support/reflow';
import {
  centralTime,
  lookAlikePage,
  type SeededShipment,
  seedCarrierEvents,
  seedShipmentToMonterrey,
  startAsNewCompany,
} from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const ARRIVED = { status_code: 'X4', city: 'Laredo', state: 'TX', description: 'Arrived at the border' };
const HELD = {
  status_code: 'SD',
  reason_code: 'BC',
  city: 'Nuevo Laredo',
  state: 'TAM',
  description: 'Held by customs: a document is missing',
};

/** A Chicago company's shipment to Monterrey, arrived at Laredo and held in Nuevo Laredo for a missing document. */
async function heldAtTheBorder(page: Page, tag: string) {
  const seeded = await startAsNewCompany(page, { email: freshEmail(tag), password: 'Border#2026' }, { onCredit: true });
  const shipment = await seedShipmentToMonterrey(page);
  await seedCarrierEvents(seeded, shipment, [
    { ...ARRIVED, occurred_at: centralTime(-180) },
    { ...HELD, occurred_at: centralTime(-120) },
  ]);
  return { seeded, shipment };
}

const customsRow = (page: Page, shipment: SeededShipment) => page.getByTestId('customs-row').filter({ hasText: shipment.bol_number });

test('the shipper follows its crossing to a hold; operations send the corrected document and record the pedimento; customs release it', async ({
  page,
  browser,
}) => {
  const { seeded, shipment } = await heldAtTheBorder(page, 'customs-shipper');

  // The shipper sees the hold as Action Required, what customs said and where, and the border in the history.
  await page.goto(`/track/detail/${shipment.id}`);
  const actionRequired = page.getByRole('alert').filter({ hasText: 'Action Required' });
  await expect(actionRequired).toContainText('Held by customs: a document is missing');
  await expect(actionRequired).toContainText('Nuevo Laredo, TAM');
  const history = page.getByRole('region', { name: 'Tracking history' });
  await expect(history).toContainText('Arrived at the border');
  await expect(history).toContainText('Laredo, TX');
  await expect(page.getByTestId('shipment-customs-stage')).toContainText('Held by customs, since');
  await snap(page, 'customs-shipper-held');

  // Operations find it among the held crossings with the broker's contact and the documents.
  const ops = await lookAlikePage(browser, 'ops@demo.test', 'customs-ops', { language: 'en', width: 1280 });
  await ops.goto('/admin/customs?stage=held');
  await expect(ops.getByRole('heading', { name: 'Customs' })).toBeVisible();
  const held = customsRow(ops, shipment);
  await expect(held).toContainText('Held');
  await expect(held).toContainText('Held by customs: a document is missing');
  await expect(held).toContainText('Port of entry: Laredo, TX – Nuevo Laredo, TAM');
  await expect(held).toContainText('Our broker (Mexico)');
  await expect(held.getByRole('button', { name: `Download the Commercial invoice of shipment ${shipment.bol_number}` })).toBeVisible();
  await snap(ops, 'customs-queue-held');

  // The corrected document: what was corrected is asked first.
  await held.getByRole('button', { name: 'Send corrected document' }).click();
  const correction = ops.getByRole('dialog', { name: `Corrected document for shipment ${shipment.bol_number}` });
  await expect(correction).toContainText('What customs said: Held by customs: a document is missing');
  await correction.getByRole('button', { name: 'Send to the broker' }).click();
  await expect(correction.getByLabel(/What was corrected/)).toHaveAccessibleDescription('Field is required');
  await correction.getByLabel(/What was corrected/).fill('Commercial invoice reissued with the unit value of the laptops');
  // The declaration itself is corrected: its documents print version 2, the first kept.
  await correction.getByRole('checkbox', { name: "Correct the declaration's lines too" }).check();
  const line = correction.getByRole('group', { name: /^Line 1: Computer equipment/ });
  await expect(line.getByLabel(/HS code/)).toHaveValue('8471.30.01');
  await line.getByLabel(/Value of one unit/).fill('1300');
  await snap(ops, 'customs-correction-dialog');
  await correction.getByRole('button', { name: 'Send to the broker' }).click();
  await expect(ops.getByRole('alert').filter({ hasText: 'Corrected document sent to the broker.' })).toBeVisible();
  await expect(correction).toBeHidden();

  // Back at the border, waiting for the release; the broker's pedimento recorded in its printed form.
  await ops.goto('/admin/customs?stage=at_border');
  const atBorder = customsRow(ops, shipment);
  await expect(atBorder).toContainText('At the border');
  await expect(atBorder).toContainText('Corrected document sent');
  await expect(atBorder).toContainText('Declaration version 2');
  await atBorder.getByRole('button', { name: 'Record' }).click();
  const entry = ops.getByRole('dialog', { name: `Entry reference of shipment ${shipment.bol_number}` });
  await entry.getByLabel(/Pedimento/).fill('26 24 3456');
  await entry.getByRole('button', { name: 'Save reference' }).click();
  await expect(entry.getByLabel(/Pedimento/)).toHaveAccessibleDescription(
    "Enter the pedimento's 15 digits: year, customs office, broker's licence and number",
  );
  await entry.getByLabel(/Pedimento/).fill('26 24 3456 6001234');
  await entry.getByRole('button', { name: 'Save reference' }).click();
  await expect(entry).toBeHidden();
  await expect(atBorder).toContainText('26  24  3456  6001234');
  await ops.context().close();

  // Customs release it and the Mexican carrier takes it on: the shipper reads both, nothing left to do.
  await seedCarrierEvents(seeded, shipment, [
    { status_code: 'RH', city: 'Nuevo Laredo', state: 'TAM', occurred_at: centralTime(-10), description: 'Released by Mexican customs' },
    {
      status_code: 'J1',
      city: 'Nuevo Laredo',
      state: 'TAM',
      occurred_at: centralTime(-5),
      description: 'Transferred to the Mexican carrier',
    },
  ]);
  await page.reload();
  await expect(history).toContainText('Released by Mexican customs');
  await expect(history).toContainText('Transferred to the Mexican carrier');
  await expect(page.getByRole('alert').filter({ hasText: 'Action Required' })).toHaveCount(0);
  await expect(page.getByTestId('shipment-customs-stage')).toContainText('Released by customs');
  await expect(page.getByTestId('shipment-customs-entry')).toContainText('26  24  3456  6001234');
  // The corrected declaration: the shipper reads its version and can print the first commercial invoice as it was.
  await expect(page.getByTestId('shipment-customs-version')).toContainText('Version 2, corrected after booking');
  const firstInvoice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Commercial invoice, version 1' }).click();
  const asFirstDeclared = (await pdfPages(await readFile((await (await firstInvoice).path()) ?? '')))
    .map((p) => p.text.replace(/\s+/g, ' '))
    .join(' ');
  expect(asFirstDeclared).toContain('$1,250.00');
  await snap(page, 'customs-shipper-released');
});

test('en español y a 390 px: la cola de aduanas, el documento corregido y el seguimiento público del cruce', async ({ page, browser }) => {
  const { shipment } = await heldAtTheBorder(page, 'customs-es');

  const ops = await lookAlikePage(browser, 'ops@demo.test', 'customs-ops-es', { language: 'es', width: 390, height: 844 });
  await ops.goto('/admin/customs?stage=held');
  await expect(ops.getByRole('heading', { name: 'Aduanas' })).toBeVisible();
  const held = customsRow(ops, shipment);
  await expect(held).toContainText('Retenido por la aduana: falta un documento');
  await expect(held).toContainText('Puerto de entrada: Laredo, TX – Nuevo Laredo, TAM');
  await expectNoSidewaysScroll(ops, 'la cola de aduanas a 390 px');
  await snap(ops, 'customs-queue-es-390');
  await held.getByRole('button', { name: 'Enviar documento corregido' }).click();
  const correction = ops.getByRole('dialog', { name: `Documento corregido del envío ${shipment.bol_number}` });
  await expect(correction.getByLabel('Documento corregido')).toHaveValue('commercial_invoice');
  await expectNoSidewaysScroll(ops, 'el diálogo del documento corregido a 390 px');
  await snap(ops, 'customs-correction-es-390');
  await correction.getByRole('button', { name: 'Cancelar' }).click();

  // The duty-rate tables behind the shippers' estimate, read at phone width (their edits are the
  // API and component tests': the tables are every account's).
  await ops.getByRole('link', { name: 'Tasas arancelarias' }).click();
  await ops.getByText('México', { exact: true }).click();
  await expect(ops).toHaveURL(/country=MX/);
  await expect(ops.getByRole('table', { name: /México/ })).toContainText('9403.20');
  await expectNoSidewaysScroll(ops, 'las tasas arancelarias a 390 px');
  await snap(ops, 'customs-duty-rates-es-390');
  await ops.context().close();

  // Whoever has the number reads the crossing in Spanish, each step where and when it happened.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tracking = await guest.newPage();
  await tracking.goto(`/track-shipment?number=${shipment.bol_number}`);
  await expect(tracking.getByText('Arrived at the border').first()).toBeVisible();
  await tracking.getByRole('radiogroup', { name: 'Language' }).getByText('Español', { exact: true }).click();
  await expect(tracking.getByText('Llegó a la frontera').first()).toBeVisible();
  await expect(tracking.getByText('Retenido por la aduana: falta un documento').first()).toBeVisible();
  await expect(tracking.getByText(/Nuevo Laredo, TAM/).first()).toBeVisible();
  await expectNoSidewaysScroll(tracking, 'el seguimiento público a 390 px');
  await snap(tracking, 'customs-public-tracking-es-390');
  await guest.close();
});
