import type { Readable } from 'node:stream';
import { BATCH_MANIFEST_COLUMNS } from '@freight/contracts';
import type { Language, UnitSystem } from '@freight/domain';
import type { AppContext } from '../../context';
import { writeCsv } from '../../csv/csv';
import { inBulkLane } from '../../db/bulk-lane';
import { AppError } from '../../errors';
import { translator } from '../../i18n';
import { isUuid } from '../../ids';
import { accountOnDocuments, shippingDocumentsRows } from '../documents/documents.service';
import { batchesRepository } from './batches.repository';
import { batchDocumentsPdf, drawnAheadFile } from './batches-documents-ahead';

/** A booked row of the manifest: its line and client reference, and its shipment as booked. */
interface ManifestLine {
  line: number;
  clientRef: string;
  bolNumber: string;
  carrierName: string;
  scac: string;
  service: string;
  pickupDate: string;
  destination: string;
  currency: string;
  totalCents: number;
  shipmentId: string;
  /** When its shipment last changed (ms). */
  updatedAt: number;
}

const PAGE_W = 792;
const PAGE_H = 612;
const M = 36;

/**
 * A batch's files once some of its rows are booked: every booked row's shipping documents merged
 * into one PDF in row order, and the manifest of what was booked (CSV and PDF). 404 for another
 * account's batch, and, saying so, for a batch with no row booked yet.
 */
export function batchDocuments(ctx: AppContext) {
  const repo = batchesRepository(ctx.db);

  /** The booked rows in line order, each with its shipment. */
  async function bookedLines(accountId: string, batchId: string): Promise<ManifestLine[]> {
    if (!isUuid(batchId) || !(await repo.find(accountId, batchId))) throw AppError.notFound();
    await repo.settleApproved(batchId, ctx.now());
    const rows = await repo.bookedRows(batchId);
    const shipments = new Map(
      (
        await repo.bookedShipments(
          accountId,
          rows.map((r) => r.shipmentId as string),
        )
      ).map((s) => [s.id, s]),
    );
    const lines = rows.flatMap((r) => {
      const s = shipments.get(r.shipmentId as string);
      if (!s) return [];
      const destination = [s.destinationCity, [s.destinationState, s.destinationPostalCode].filter(Boolean).join(' '), s.destinationCountry]
        .filter(Boolean)
        .join(', ');
      return [
        {
          line: r.line,
          clientRef: r.clientRef ?? '',
          bolNumber: s.bolNumber,
          carrierName: s.carrierName,
          scac: s.scac,
          service: s.service,
          pickupDate: s.pickupDate,
          destination,
          currency: s.currency,
          totalCents: s.totalCents,
          shipmentId: s.id,
          updatedAt: s.updatedAt.getTime(),
        },
      ];
    });
    if (!lines.length) throw new AppError(404, 'not_found', 'batch.nothing_booked');
    return lines;
  }

  return {
    /**
     * One PDF: each booked row's bill of lading and pallet labels (a parcel's labels), in row
     * order, drawn into a single document in a worker thread and streamed as each row's pages are
     * done, so a 1,000-row batch starts downloading at once, holds only a few rows' pages, and
     * leaves the server's thread to other requests while it is drawn.
     */
    async documentsPdf(accountId: string, batchId: string, language: Language, unitSystem: UnitSystem): Promise<Readable> {
      const lines = await bookedLines(accountId, batchId);
      const current = async () => ({
        shipments: lines.map((l) => ({ id: l.shipmentId, updatedAt: l.updatedAt })),
        account: await accountOnDocuments(ctx.db, accountId),
      });
      const drawn = await drawnAheadFile(ctx, { id: batchId, accountId, language, unitSystem }, current);
      if (drawn) return drawn;
      const pdf = batchDocumentsPdf(batchId, language, ctx.now());
      const shipmentIds = lines.map((l) => l.shipmentId);
      const feed = async () => {
        for await (const pages of shippingDocumentsRows(ctx.db, accountId, shipmentIds, { unitSystem, now: ctx.now() })) {
          // False once the reader closed the download: nothing more is read or drawn.
          if (!(await pdf.add(pages))) return;
        }
        pdf.end();
      };
      inBulkLane(feed).catch((error: Error) => pdf.stream.destroy(error));
      return pdf.stream;
    },

    /** The manifest as CSV: the contract's columns, the price in the currency's units (formula-like cells neutralised). */
    async manifestCsv(accountId: string, batchId: string) {
      const lines = await bookedLines(accountId, batchId);
      return writeCsv(
        BATCH_MANIFEST_COLUMNS,
        lines.map((l) => ({
          line: l.line,
          client_ref: l.clientRef,
          bol_number: l.bolNumber,
          carrier: l.carrierName,
          scac: l.scac,
          service: l.service,
          pickup_date: l.pickupDate,
          destination: l.destination,
          currency: l.currency,
          price: (l.totalCents / 100).toFixed(2),
        })),
      );
    },

    /** The manifest as a landscape letter PDF, prices in the reader's language's money format. */
    async manifestPdf(accountId: string, batchId: string, language: Language): Promise<Buffer> {
      const lines = await bookedLines(accountId, batchId);
      const t = translator(language);
      const locale = language === 'es' ? 'es-MX' : 'en-US';
      const money = (l: ManifestLine) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency: l.currency }).format(l.totalCents / 100);
      const { default: PDFDocument } = await import('pdfkit');
      const doc = new PDFDocument({
        size: [PAGE_W, PAGE_H],
        margin: M,
        autoFirstPage: false,
        info: { Title: t('batch.manifest_title'), CreationDate: ctx.now() },
        lang: language,
      });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
      const columns = [
        { title: t('batch.manifest_line'), width: 40, cell: (l: ManifestLine) => String(l.line) },
        { title: t('mail.sales_request.client_ref'), width: 90, cell: (l: ManifestLine) => l.clientRef },
        { title: t('documents.invoice.bol'), width: 90, cell: (l: ManifestLine) => l.bolNumber },
        { title: t('documents.invoice.carrier'), width: 110, cell: (l: ManifestLine) => `${l.carrierName} (${l.scac})` },
        { title: t('documents.summary.service'), width: 70, cell: (l: ManifestLine) => l.service },
        { title: t('documents.invoice.pickup_date'), width: 70, cell: (l: ManifestLine) => l.pickupDate },
        { title: t('mail.sales_request.destination'), width: 150, cell: (l: ManifestLine) => l.destination },
        { title: t('margin.csv.price'), width: 100, cell: money, right: true },
      ];
      let y = PAGE_H;
      const row = (cells: string[], bold: boolean) => {
        if (y > PAGE_H - M - 16) {
          doc.addPage();
          y = M;
          doc
            .font('Helvetica-Bold')
            .fontSize(14)
            .text(`${t('batch.manifest_title')} ${batchId.slice(0, 8)}`, M, y);
          y += 26;
          if (!bold)
            row(
              columns.map((c) => c.title),
              true,
            );
        }
        let x = M;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
        columns.forEach((c, i) => {
          doc.text(cells[i] ?? '', x, y, { width: c.width - 4, height: 12, ellipsis: true, align: c.right ? 'right' : 'left' });
          x += c.width;
        });
        y += 14;
      };
      row(
        columns.map((c) => c.title),
        true,
      );
      for (const l of lines)
        row(
          columns.map((c) => c.cell(l)),
          false,
        );
      doc.end();
      return done;
    },
  };
}
