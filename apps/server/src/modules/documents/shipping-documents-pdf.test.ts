import { readdirSync, readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CHICAGO_DOCK, DALLAS_STORE } from '../tracking/test-fixtures';
import type { DocumentShipment } from './pdf';
import { openPdf } from './pdfjs';
import type { ShippingRow } from './shipping-documents.worker';
import { mergedShippingPdf } from './shipping-documents-pdf';

const now = new Date('2026-11-25T15:00:00Z');
const shipment = (bolNumber: string, pallets: number): DocumentShipment => ({
  id: `6f0e4c1a-0000-4000-8000-00000000000${pallets}`,
  mode: 'ltl',
  bolNumber,
  proNumber: '1234567890',
  pickupNumber: 'PU1',
  trackingNumber: null,
  carrierName: 'Saia',
  scac: 'SAIA',
  service: 'standard',
  pickupDate: '2026-11-30',
  readyTime: '09:00',
  closeTime: '17:00',
  deliveryAppointment: false,
  deliveryDate: null,
  pickup: CHICAGO_DOCK,
  delivery: DALLAS_STORE,
  stops: [],
  references: [{ type: 'po_number', value: 'PO-1' }],
  parcelOptions: null,
  temperature: null,
  notes: '',
  pickupNote: null,
  hazardous: false,
  hazmat: null,
  items: [
    {
      description: 'Machine parts',
      package_type: 'pallets',
      quantity: pallets,
      length_in: 48,
      width_in: 40,
      height_in: 48,
      weight_lb: 500,
      freight_class: 70,
      nmfc: '',
      stackable: false,
      hazardous: false,
    },
  ],
  accessorials: [],
  declaredValueCents: 0,
  currency: 'USD',
});
const row = (bolNumber: string, pallets: number): ShippingRow => ({
  shipment: shipment(bolNumber, pallets),
  account: { name: 'Demo Shipper Co', billingAddress: null },
  palletLabels: true,
  parcelLabels: false,
  options: { language: 'en', unitSystem: 'imperial', now },
});
const options = { size: 'LETTER' as const, margin: 0, title: 'Batch', now, language: 'en' as const };

async function bytesOf(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a merged file of shipping documents, drawn in a worker thread', () => {
  it('draws each row’s bill of lading and pallet labels, in the order they were added', async () => {
    const pdf = mergedShippingPdf(options);
    const reading = bytesOf(pdf.stream);
    for (const [bol, pallets] of [
      ['06141411000000011', 2],
      ['06141411000000022', 1],
    ] as const)
      expect(await pdf.add(row(bol, pallets))).toBe(true);
    pdf.end();
    const file = await openPdf(await reading);
    // Bill of lading, its two pallet labels, then the second bill of lading and its one label.
    expect(file.numPages).toBe(5);
    const pageText = async (n: number) =>
      ((await (await file.getPage(n)).getTextContent()).items as { str: string }[]).map((i) => i.str).join(' ');
    expect(await pageText(1)).toContain('06141411000000011');
    expect(await pageText(2)).toContain('1 of 2');
    expect(await pageText(4)).toContain('06141411000000022');
  });

  /** A thread's niceness, or nothing for one that ended after the list of threads was read (another test's worker). */
  const nicenessOf = (thread: string) => {
    try {
      return readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]?.split(' ')[16];
    } catch {
      return undefined;
    }
  };

  it.runIf(process.platform === 'linux')('draws at a lower priority than the server’s thread, which keeps its own', async () => {
    /** The threads of this process at niceness 10 (the 19th field of a thread's stat; 17th after its name). */
    const drawingThreads = () => readdirSync('/proc/self/task').filter((id) => nicenessOf(id) === '10');
    const before = drawingThreads();
    const pdf = mergedShippingPdf(options);
    const firstPages = new Promise((resolve) => pdf.stream.once('data', resolve));
    expect(await pdf.add(row('06141411000000077', 1))).toBe(true);
    // A row drawn: the worker is up, and set its own niceness first.
    await firstPages;
    expect(drawingThreads().filter((id) => !before.includes(id))).toHaveLength(1);
    expect(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ')[16])).toBe(0);
    pdf.end();
    await bytesOf(pdf.stream);
  });

  it('stops drawing when its reader goes away: no more rows are taken', async () => {
    const pdf = mergedShippingPdf(options);
    expect(await pdf.add(row('06141411000000033', 1))).toBe(true);
    pdf.stream.destroy();
    expect(await pdf.add(row('06141411000000044', 1))).toBe(false);
  });

  it('fails the file with why when a row cannot be drawn, and the server goes on', async () => {
    const pdf = mergedShippingPdf(options);
    const broken = row('06141411000000055', 1);
    await pdf.add({ ...broken, shipment: { ...broken.shipment, items: null as unknown as DocumentShipment['items'] } });
    await expect(text(pdf.stream)).rejects.toThrow(/Drawing the shipping documents failed/);
    expect(await pdf.add(row('06141411000000066', 1))).toBe(false);
  });
});
