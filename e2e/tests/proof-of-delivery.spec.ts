import { readFile } from 'node:fs/promises';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { apiCall } from '../support/api';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Proof of delivery: the demo shipper opens its latest delivered shipment (the seed notes an
 * exception on its receipt), reads who signed and the exception noted, and downloads the POD as a
 * PDF, whose text says the same; in English, and in Spanish at phone width. Each signs in as a
 * look-alike of the demo shipper, who reads the demo account's shipments.
 */

const WORDS = {
  en: { region: 'Proof of delivery', download: 'Download POD (PDF)', damage: 'Damage', title: 'PROOF OF DELIVERY', signed: 'Signed by' },
  es: {
    region: 'Comprobante de entrega',
    download: 'Descargar comprobante (PDF)',
    damage: 'Daño',
    title: 'COMPROBANTE DE ENTREGA',
    signed: 'Firmado por',
  },
} as const;

interface Receipt {
  signer_name: string;
  exceptions: { kind: 'damage' | 'shortage' | 'refused'; pieces: number; note: string }[];
}

/** The demo shipper's latest delivered shipment and its receipt. */
async function deliveredWithReceipt(page: Page) {
  const list = await apiCall<{ id: string; bol_number: string }[]>(
    page,
    'GET',
    '/api/shipments?status=delivered&sort=created_at&per_page=100',
  );
  for (const s of list) {
    const receipt = await apiCall<Receipt>(page, 'GET', `/api/shipments/${s.id}/proof-of-delivery`).catch(() => null);
    if (receipt?.exceptions.length) return { shipment: s, receipt };
  }
  throw new Error('no delivered shipment of the demo shipper has a receipt with an exception');
}

for (const language of ['en', 'es'] as const) {
  test(`a shipper reads a delivered shipment's proof of delivery and downloads it (${language})`, async ({ page }) => {
    const w = WORDS[language];
    const shipper = await seedLookAlike('shipper@demo.test', `pod-${language}`);
    await logIn(page, shipper.email, { password: shipper.password, settings: { language } });
    if (language === 'es') await page.setViewportSize({ width: 390, height: 844 });
    const { shipment, receipt } = await deliveredWithReceipt(page);
    await page.goto(`/track/detail/${shipment.id}`);
    const region = page.getByRole('region', { name: w.region });
    await expect(region).toBeVisible();
    await expect(region.getByTestId('pod-signer')).toHaveText(receipt.signer_name);
    await expect(region.getByText(w.signed)).toBeVisible();
    const exception = receipt.exceptions[0];
    if (!exception) throw new Error('no exception');
    await expect(region.getByTestId('pod-exceptions')).toContainText(exception.note);
    if (exception.kind === 'damage') await expect(region.getByTestId('pod-exceptions')).toContainText(w.damage);
    await region.scrollIntoViewIfNeeded();
    await snap(page, `proof-of-delivery-${language}`);

    const downloading = page.waitForEvent('download');
    await region.getByRole('button', { name: w.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`POD-${shipment.bol_number}.pdf`);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain(w.title);
    expect(text).toContain(shipment.bol_number);
    expect(text).toContain(receipt.signer_name);
    expect(text).toContain(exception.note);
    // The drawn signature.
    expect(pages[0]?.images).toBe(1);
  });
}
