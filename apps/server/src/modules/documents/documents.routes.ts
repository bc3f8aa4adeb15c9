import { DOCUMENT_KINDS, type DocumentKind } from '@freight/contracts';
import { LANGUAGES, type UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { documentLanguage, documentsOf, hasDocument } from '../../document-kinds';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, customer, customerRoute, signedIn, verified } from '../../plugins/guards';
import { cartaPorteOf, cartaPorteVersionsOf } from '../carta-porte/carta-porte.service';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import { marginAccess } from '../staff-shipments/staff-shipments.service';
import { documentAccount, documentShipment, earlierDeclaration } from './documents.repository';

/**
 * The PDF builders load on the first download, not at start: pdfkit and bwip-js hold ~35 MB
 * that a server rating quotes never needs (bench/README.md, quote endpoint memory).
 */
let builders:
  | Promise<
      [
        typeof import('./bol'),
        typeof import('./labels'),
        typeof import('./pallet-labels'),
        typeof import('./rate-confirmation'),
        typeof import('./shipment-summary'),
        typeof import('./commercial-invoice'),
        typeof import('./entry-label'),
        typeof import('./usmca-certification'),
        typeof import('./carta-porte-print'),
      ]
    >
  | undefined;
const loadBuilders = () => {
  builders ??= Promise.all([
    import('./bol'),
    import('./labels'),
    import('./pallet-labels'),
    import('./rate-confirmation'),
    import('./shipment-summary'),
    import('./commercial-invoice'),
    import('./entry-label'),
    import('./usmca-certification'),
    import('./carta-porte-print'),
  ]);
  return builders;
};

const idParams = z.object({ id: z.string().max(64) });
const params = idParams.extend({ kind: z.string().max(32) });
/**
 * `language`: a copy in that language; without it the document is in its working reader's
 * (documentLanguage). `version`: a document printed from an earlier version of the customs
 * declaration (one a correction replaced); without it, from the declaration as it stands. For the
 * Carta Porte, the version of its stamp (carta-porte-versions lists them).
 */
const query = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
  version: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).max(10_000).optional(),
});

/** The Carta Porte, as the certifier stamped it and as printed: `version` names one of its stamps. */
const CARTA_PORTE: readonly DocumentKind[] = ['carta_porte', 'carta_porte_pdf'];

/** The documents printed from the declaration's lines, which a correction changes. */
const DECLARATION_DOCUMENTS: readonly DocumentKind[] = ['commercial_invoice', 'usmca_certification'];

const FILE_NAMES: Record<DocumentKind, string> = {
  bol: 'BOL',
  labels: 'Labels',
  pallet_labels: 'Pallet-labels',
  rate_confirmation: 'Rate-confirmation',
  shipment_summary: 'Shipment-summary',
  commercial_invoice: 'Commercial-invoice',
  entry_label: 'Entry-label',
  usmca_certification: 'USMCA-certification',
  carta_porte: 'Carta-Porte',
  carta_porte_pdf: 'Carta-Porte-print',
};

/**
 * GET /api/shipments/:id/documents/:kind (DOCUMENT_KINDS): the document as a PDF download, in the
 * carrier's language, or `?language=` for the reader's copy (weights in kg too for metric users).
 * Only the caller's account's shipments; a kind the shipment's mode has not (documentKindsOf: a
 * parcel has no bill of lading, freight no parcel labels) is a 404 like an unknown shipment, and so
 * is the rate confirmation (it shows the carrier's cost) for a shipper and for staff who may not see
 * that account's cost: the rule of the staff's JSON views (marginAccess), so the two never disagree.
 */
export async function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The shipment with the declaration of `version`: as it stands for its own version, an earlier
   * one a correction replaced; 404 for a version it never had or a document not printed from it.
   */
  async function asOfVersion<S extends { id: string; customs: unknown; customsVersion: number }>(
    s: S,
    kind: DocumentKind,
    version: number,
  ) {
    if (version === s.customsVersion) return s;
    const earlier =
      DECLARATION_DOCUMENTS.includes(kind) && version < s.customsVersion ? await earlierDeclaration(ctx.db, s.id, version) : undefined;
    if (!earlier) throw AppError.notFound();
    return { ...s, customs: earlier.customs as S['customs'] };
  }

  /**
   * The document of `id` as a PDF download; `accountId` null for staff (every account's), with the
   * cost's documents where `seesCost` lets them see the shipment's account's cost.
   */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string | null,
    unitSystem: UnitSystem,
    seesCost: (accountId: string) => Promise<boolean>,
  ) {
    const { id, kind } = request.params as z.infer<typeof params>;
    if (!isUuid(id) || !(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw AppError.notFound();
    const found = await documentShipment(ctx.db, accountId, id);
    if (!found || !hasDocument(documentsOf(found), kind as DocumentKind, await seesCost(found.accountId))) throw AppError.notFound();
    const { language, version } = request.query as z.infer<typeof query>;
    // The Carta Porte's versions are its own stamps; every other document's are the declaration's.
    const stampedVersion = CARTA_PORTE.includes(kind as DocumentKind) ? version : undefined;
    const shipment = version && stampedVersion === undefined ? await asOfVersion(found, kind as DocumentKind, version) : found;
    if (kind === 'carta_porte') {
      // The stamped CFDI itself: an XML document, the same in every reader's language.
      const stamped = await cartaPorteOf(ctx, shipment.id, stampedVersion);
      if (!stamped) throw AppError.notFound();
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${FILE_NAMES.carta_porte}-${shipment.bolNumber}-v${stamped.version}.xml"`)
        .header('cache-control', 'private, no-store')
        .send(stamped.xml);
    }
    const options = { language: language ?? documentLanguage(kind as DocumentKind, shipment), unitSystem, now: ctx.now() };
    const [
      { buildBillOfLading },
      { buildParcelLabels },
      { buildPalletLabels },
      { buildRateConfirmation },
      { buildShipmentSummary },
      { buildCommercialInvoice },
      { buildEntryLabel },
      { buildUsmcaCertification },
      { buildCartaPortePrint },
    ] = await loadBuilders();
    const account = await documentAccount(ctx.db, shipment.accountId);
    const build: Record<Exclude<DocumentKind, 'carta_porte'>, () => Promise<Buffer>> = {
      bol: () => buildBillOfLading(shipment, account, options),
      labels: () => buildParcelLabels(shipment, options),
      pallet_labels: () => buildPalletLabels(shipment, options),
      rate_confirmation: async () => {
        const names = await equipmentCatalog(ctx.db, ctx.now).namesIn(options.language);
        return buildRateConfirmation({ ...shipment, equipmentName: names(shipment.service) }, options);
      },
      shipment_summary: () => buildShipmentSummary(shipment, account, options),
      commercial_invoice: async () => {
        if (!shipment.customs) throw AppError.notFound();
        return buildCommercialInvoice({ ...shipment, customs: shipment.customs }, options);
      },
      entry_label: async () => {
        if (!shipment.customs) throw AppError.notFound();
        return buildEntryLabel({ ...shipment, customs: shipment.customs }, options);
      },
      usmca_certification: async () => {
        if (!shipment.customs) throw AppError.notFound();
        return buildUsmcaCertification({ ...shipment, customs: shipment.customs }, options);
      },
      carta_porte_pdf: async () => {
        const stamped = await cartaPorteOf(ctx, shipment.id, stampedVersion);
        if (!stamped) throw AppError.notFound();
        return buildCartaPortePrint(stamped.xml, options);
      },
    };
    const pdf = await build[kind as Exclude<DocumentKind, 'carta_porte'>]();
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${FILE_NAMES[kind as DocumentKind]}-${shipment.bolNumber}${version ? `-v${version}` : ''}.pdf"`,
      )
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  r.get(
    '/api/shipments/:id/documents/:kind',
    { ...customerRoute('shipments.view'), schema: { params, querystring: query } },
    async (request, reply) => {
      const { account, settings } = customer(request);
      return send(request, reply, account.id, settings.unitSystem as UnitSystem, async () => false);
    },
  );

  /** The Carta Porte's kept stamps of a shipment that has one (`accountId` null for staff); 404 as the documents are. */
  async function cartaPorteVersions(request: FastifyRequest, accountId: string | null) {
    const { id } = request.params as z.infer<typeof idParams>;
    if (!isUuid(id)) throw AppError.notFound();
    const found = await documentShipment(ctx.db, accountId, id);
    if (!found || !hasDocument(documentsOf(found), 'carta_porte', false)) throw AppError.notFound();
    return { data: await cartaPorteVersionsOf(ctx, found.id) };
  }
  r.get('/api/shipments/:id/carta-porte-versions', { ...customerRoute('shipments.view'), schema: { params: idParams } }, async (request) =>
    cartaPorteVersions(request, customer(request).account.id),
  );
  r.get(
    '/api/admin/shipments/:id/carta-porte-versions',
    { preValidation: adminPage('shipments'), schema: { params: idParams } },
    async (request) => cartaPorteVersions(request, null),
  );

  // Staff open any account's documents, in their own units.
  r.get(
    '/api/admin/shipments/:id/documents/:kind',
    { preValidation: adminPage('shipments'), schema: { params, querystring: query } },
    async (request, reply) =>
      send(request, reply, null, signedIn(request).settings.unitSystem as UnitSystem, marginAccess(ctx, verified(request).user)),
  );
}
