import { readFile } from 'node:fs/promises';
import { pdfBarcodes } from '../../apps/server/src/modules/documents/pdf-barcodes';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { fillPlace, LAKESHORE, PEACHTREE } from '../support/booking';
import { pickOption } from '../support/combobox';
import { freshEmail } from '../support/flows';
import { openInPortal } from '../support/navigate';
import { expectRates, fillItem, fillLane, quotablePickupDate } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedCompany, startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a Chicago shipper quotes LTL to Monterrey on the International tab through Laredo, and books it with its own U.S. broker and the HS codes', async ({
  page,
}) => {
  await startAsNewCompany(page, { email: freshEmail('border-quote'), password: 'Border#2026' });
  await openInPortal(page, '/quote-shipment/international');
  await expect(page.getByText('Quotes between the United States, Canada and Mexico')).toBeVisible();
  await page.getByLabel('Delivery country').selectOption('MX');
  await fillLane(page, { from: '60606', to: '64000' });
  // The form says what a rate across the border holds before it is asked.
  await expect(page.getByRole('status').filter({ hasText: 'Cross-border shipment' })).toContainText('Duties and taxes are not included.');
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  // A commodity of the part catalog: its HS code will be offered at booking.
  await line.getByLabel('Description').pressSequentially('Hydraulic pu');
  await page.getByRole('option', { name: /^Hydraulic pumps\s*NMFC/ }).click();
  await page.getByLabel('Shipment value').fill('5000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);

  // The Mexican carrier alone serves the lane: handed over at Laredo, charged for the transfer,
  // the Mexican entry and a customs broker on each side.
  const card = page.getByRole('article', { name: 'Demo Frontera Carga' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByTestId('rate-crossing')).toHaveText(
    "Crosses at Laredo, TX – Nuevo Laredo, TAM, handed over to a carrier on the other side. Duties and taxes are not included: booking estimates them from each item's HS code and value.",
  );
  await card.getByRole('button', { name: 'Show charges' }).click();
  const charges = card.getByRole('table', { name: 'Charges of Demo Frontera Carga' });
  for (const line of [
    'Transfer at the border',
    'Mexican entry: pedimento filing',
    'Our customs broker, U.S. side',
    'Our customs broker, Mexican side',
  ]) {
    await expect(charges).toContainText(line);
  }
  await snap(page, 'cross-border-quote');

  // Booking asks what customs needs; the shipper's own broker on the U.S. side takes ours off the total.
  await card.getByRole('button', { name: 'Book with Demo Frontera Carga' }).click();
  await fillPlace(page.getByRole('group', { name: 'Pickup information' }), LAKESHORE);
  const delivery = page.getByRole('group', { name: 'Delivery information' });
  await fillPlace(delivery, { ...ACEROS });
  await delivery.getByLabel('Exterior number').fill('400');
  await delivery.getByLabel('Neighborhood (colonia)').fill('Centro');
  const customs = page.getByRole('group', { name: 'Customs' });
  await expect(customs).toContainText('This shipment crosses the border at Laredo, TX – Nuevo Laredo, TAM.');
  const total = page.getByTestId('booking-total');
  const before = await total.textContent();
  await customs.getByLabel('Incoterm').selectOption('DAP');
  const item = customs.getByRole('group', { name: /^Item 1: Hydraulic pumps/ });
  await expect(item.getByLabel('HS code')).toHaveValue('8413.60');
  await expect(item.getByLabel('HS code')).toHaveAccessibleDescription(/Suggested by our part catalog for this description/);
  await item.getByLabel(/^Value of one unit/).fill('5000');
  await item.getByRole('checkbox', { name: 'Qualifies under USMCA' }).check();
  // The certification of origin says why the claimed good originates.
  await pickOption(page, item.getByLabel('Origin criterion'), 'B: made only from originating materials');
  // The Carta Porte of the Mexican leg names the good by its SAT key and unit.
  await item.getByLabel('SAT goods key (Carta Porte)').fill('40151500');
  await item.getByLabel('Unit (SAT)').click();
  await page.getByRole('option', { name: 'XPX – Pallet' }).click();
  // The duties and taxes it would likely pay, as an estimate, and who pays them.
  const duties = page.getByRole('status', { name: 'Estimated duties and taxes' });
  await expect(duties).toContainText('paid by the consignee, as the incoterm says');
  await expect(duties).toContainText('No duty: USMCA');
  await expect(duties).toContainText('IVA (Mexican VAT) 16%');
  await expect(duties).toContainText('An estimate, not a charge');
  const usSide = page.getByTestId('customs-broker-US');
  await usSide.getByRole('radio', { name: /^My own customs broker/ }).check();
  await expect(total).not.toHaveText(before ?? '');
  await usSide.getByLabel("Broker's company").fill('Border Brokers Inc.');
  await usSide.getByLabel('Phone').fill('(956) 555-0140');
  await usSide.getByLabel('Email').fill('entries@borderbrokers.test');
  await customs.getByLabel('Tax identifier (RFC#)').fill('XEXX010101000');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await page.getByRole('button', { name: 'Book shipment', exact: true }).click();
  // The generic foreign RFC is the party abroad's: the Mexican consignee's own is asked.
  await expect(customs.getByLabel('Tax identifier (RFC#)')).toHaveAccessibleDescription(/the generic foreign RFC is for a party abroad/);
  await customs.getByLabel('Tax identifier (RFC#)').fill('ane010203xy9');
  await page.getByRole('button', { name: 'Book shipment', exact: true }).click();

  const declared = page.getByTestId('shipment-customs');
  await expect(declared).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('shipment-customs-agent-US')).toContainText('Border Brokers Inc.');
  await expect(page.getByTestId('shipment-customs-agent-MX')).toHaveText('Ours (arranged by us)');
  await expect(page.getByTestId('shipment-customs-rfc')).toHaveText('ANE010203XY9');
  await expect(declared.getByRole('row').nth(1)).toContainText('8413.60');
  await expect(page.getByTestId('shipment-charges')).not.toContainText('Our customs broker, U.S. side');
  await expect(page.getByTestId('shipment-charges')).toContainText('Our customs broker, Mexican side');
  await snap(page, 'cross-border-booked');

  // The commercial invoice: written in Spanish for Mexican customs, the English copy for the shipper.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Commercial invoice – English copy' }).click();
  const [first] = await pdfPages(await readFile((await (await downloading).path()) ?? ''));
  const invoice = first?.text.replace(/\s+/g, ' ') ?? '';
  for (const text of [
    'COMMERCIAL INVOICE',
    'Aceros del Norte',
    'Border Brokers Inc.',
    '841360',
    'RFC: ANE010203XY9',
    'DAP (Delivered at place)',
  ]) {
    expect(invoice).toContain(text);
  }
  await expect(page.getByRole('button', { name: 'Download Commercial invoice', exact: true })).toBeVisible();

  // The claimed good goes with a USMCA certification of origin: the new company has none of its
  // own, so its exporter certifies with the booker's name, for this shipment alone.
  await expect(page.getByTestId('shipment-customs-certification')).toContainText('for the exporter');
  await expect(page.getByTestId('shipment-customs-certification')).toContainText('This shipment only');
  await expect(declared.getByRole('row').nth(1)).toContainText('Yes, criterion B');
  const certifying = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download USMCA certification of origin – English copy' }).click();
  const certificate = (await pdfPages(await readFile((await (await certifying).path()) ?? '')))
    .map((p) => p.text.replace(/\s+/g, ' '))
    .join(' ');
  for (const text of ['USMCA certification of origin', '1. Certification by: The exporter', '841360', 'This shipment only']) {
    expect(certificate).toContain(text);
  }

  // The Carta Porte of the Mexican leg is stamped once the broker's pedimento is recorded.
  const cartaPorte = page.getByRole('button', { name: 'Download Carta Porte (CFDI, XML)' });
  await cartaPorte.click();
  await expect(page.getByText("The Carta Porte is issued once the customs broker's pedimento is recorded.")).toBeVisible();
  await page.getByTestId('shipment-customs-entry').getByRole('button', { name: 'Record' }).click();
  const entry = page.getByRole('dialog');
  await entry.getByLabel('Pedimento').fill('262434566001234');
  await entry.getByRole('button', { name: 'Save reference' }).click();
  await expect(page.getByTestId('shipment-customs-entry')).toContainText('26  24  3456  6001234');
  const stamping = page.waitForEvent('download');
  await cartaPorte.click();
  const xml = await readFile((await (await stamping).path()) ?? '', 'utf8');
  expect(xml).toContain('<cartaporte31:CartaPorte Version="3.1"');
  expect(xml).toContain('BienesTransp="40151500"');
  expect(xml).toContain('NumPedimento="26  24  3456  6001234"');
  expect(xml).toMatch(/<tfd:TimbreFiscalDigital [^>]*UUID="[0-9A-F-]{36}"/);
});

/** The Monterrey consignee (its street number and colonia are typed apart, as Mexican addresses are). */
const ACEROS = {
  company: 'Aceros del Norte',
  first: 'Lucía',
  last: 'Garza',
  email: 'recepcion@acerosdelnorte.test',
  phone: '81 8340 1200',
  street: 'Av. Constitución',
};

test('in Spanish, a Canadian shipper in metric and Canadian dollars quotes and books Toronto to Dallas at phone width', async ({
  page,
}) => {
  // Its settings saved before the portal opens, as a user who set them once finds them.
  const o = { email: freshEmail('border-quote-es'), password: 'Border#2026', language: 'Spanish' as const };
  await seedCompany(o);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, o.email, {
    password: o.password,
    settings: { language: 'es', unit_system: 'metric', currency: 'CAD' },
    at: '/quote-shipment/international',
  });
  await expect(page.getByText('Cotizaciones entre Estados Unidos, Canadá y México')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'kg / cm' })).toBeChecked();
  await page.getByLabel('País de recolección').selectOption('CA');
  await page.getByLabel('Código postal de recolección').fill('M5V 3L9');
  await page.getByLabel('Código postal de entrega').fill('75201');
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  await line.getByLabel('Largo').fill('120');
  await line.getByLabel('Ancho').fill('100');
  await line.getByLabel('Alto').fill('120');
  await line.getByLabel('Peso').fill('230');
  await page.getByLabel('Valor del envío').fill('7000');
  // The shipper chooses where it crosses: the Canadian border's ports are offered.
  await page.getByLabel('Puerto de entrada').selectOption({ label: 'Buffalo, NY – Fort Erie, ON' });
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText('1 cotización obtenida');

  // One truck from Toronto through the chosen crossing, priced in Canadian dollars.
  const card = page.getByRole('article', { name: 'Demo Transborder Freight' });
  await expect(card.getByTestId('rate-crossing')).toHaveText(
    'Cruza por Buffalo, NY – Fort Erie, ON en el mismo camión. No incluye aranceles ni impuestos: la reserva los estima con la fracción arancelaria y el valor de cada artículo.',
  );
  await expect(card.getByTestId('rate-total')).toContainText('CAD');
  await expectNoSidewaysScroll(page, 'on the rates across the border at 390 px');
  await snap(page, 'cross-border-quote-es-phone');

  // Booking: no RFC between Canada and the United States; our broker on both sides.
  await card.getByRole('button', { name: 'Reservar con Demo Transborder Freight' }).click();
  await fillPlace(page.getByRole('group', { name: 'Información de recolección' }), QUEEN_WEST, 'es');
  await fillPlace(page.getByRole('group', { name: 'Información de entrega' }), PEACHTREE, 'es');
  const aduanas = page.getByRole('group', { name: 'Aduanas' });
  await aduanas.getByLabel('Incoterm').selectOption('FCA');
  const item = aduanas.getByRole('group', { name: /^Artículo 1: Tarimas/ });
  await item.getByLabel('Fracción arancelaria (código SA)').fill('9403.20');
  await item.getByLabel(/^Valor de una unidad/).fill('1200');
  await item.getByRole('checkbox', { name: 'Califica bajo el T-MEC' }).check();
  await pickOption(page, item.getByLabel('Criterio de origen'), 'A: totalmente obtenida o producida en la región');
  await expect(aduanas.getByLabel(/RFC/)).toHaveCount(0);
  // Into the United States, USMCA goods pay no duty; FCA leaves it to the consignee.
  const aranceles = page.getByRole('status', { name: 'Impuestos y aranceles estimados' });
  await expect(aranceles).toContainText('Sin arancel: T-MEC');
  await expect(aranceles).toContainText('a cargo del destinatario, según el incoterm');
  await expectNoSidewaysScroll(page, 'on the customs of a booking at 390 px');
  await snap(page, 'cross-border-customs-es-phone');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('checkbox', { name: /He leído y acepto el/ }).check();
  await page.getByRole('button', { name: 'Reservar envío', exact: true }).click();
  await expect(page.getByTestId('shipment-customs')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('shipment-customs-agent-CA')).toHaveText('El nuestro (lo gestionamos nosotros)');
  await expect(page.getByTestId('shipment-customs-rfc')).toHaveCount(0);
  await expect(page.getByTestId('shipment-customs').getByRole('row').nth(1)).toContainText('Canadá');

  // Into the United States the driver presents a PAPS barcode: the label prints from the shipment.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar Etiqueta PAPS o PARS', exact: true }).click();
  const label = await readFile((await (await downloading).path()) ?? '');
  const [paps] = (await pdfBarcodes(label)).flat();
  expect(paps).toMatch(/^DTBF\d+$/);
  expect((await pdfPages(label))[0]?.text).toContain(paps);
});

/** The Toronto shipper. */
const QUEEN_WEST = {
  company: 'Queen West Supply',
  first: 'Avery',
  last: 'Martin',
  email: 'shipping@queenwest.test',
  phone: '(416) 555-0188',
  street: '401 Richmond St W',
};
