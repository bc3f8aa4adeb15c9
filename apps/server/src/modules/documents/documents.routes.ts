import { DOCUMENT_KINDS, type DocumentKind, type HazmatDetails, type PlaceView, type ShipmentItemView } from '@freight/contracts';
import { LANGUAGES, type UnitSystem } from '@freight/domain';
import type { ChargeLine } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, shipments } from '../../db/schema';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage, customer, requireCustomer, signedIn } from '../../plugins/guards';
import { equipmentCatalog } from '../equipment-types/equipment-types.repository';
import { carrierLanguage } from '../shipments/shipments.presenter';
import { deliveryPlaceOf, stopsOf } from '../shipments/truckload-stops';
import type { DocumentShipment } from './pdf';
import type { RatedShipment } from './rate-confirmation';

/**
 * The PDF builders load on the first download, not at start: pdfkit and bwip-js hold ~35 MB
 * that a server rating quotes never needs (bench/README.md, quote endpoint memory).
 */
let builders:
  | Promise<[typeof import('./bol'), typeof import('./labels'), typeof import('./pallet-labels'), typeof import('./rate-confirmation')]>
  | undefined;
const loadBuilders = () => {
  builders ??= Promise.all([import('./bol'), import('./labels'), import('./pallet-labels'), import('./rate-confirmation')]);
  return builders;
};

const params = z.object({ id: z.string().max(64), kind: z.string().max(32) });
/** `language`: a copy in that language; without it the document is in the carrier's. */
const query = z.object({ language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional() });

/**
 * The shipment as the documents show it; undefined when there is none by that id (of the account,
 * when one is given: staff read every account's, a shipper only their own).
 */
export async function documentShipment(
  db: Db,
  accountId: string | null,
  id: string,
): Promise<(RatedShipment & { accountId: string; originCountry: string }) | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), accountId ? eq(shipments.accountId, accountId) : undefined));
  if (!row) return undefined;
  // The columns keep their names; only the jsonb ones need their shapes.
  return {
    ...row,
    pickup: row.pickup as PlaceView,
    delivery: deliveryPlaceOf(row),
    stops: stopsOf(row),
    hazmat: (row.hazmat as HazmatDetails | null) ?? null,
    items: row.items as ShipmentItemView[],
    charges: row.charges as ChargeLine[],
  };
}

/**
 * Which documents a shipment has: the BOL always, 4x6 labels for parcels, pallet labels for
 * freight, and the rate confirmation for a truckload.
 */
export function hasDocument(mode: DocumentShipment['mode'], kind: DocumentKind) {
  if (kind === 'bol') return true;
  if (kind === 'labels') return mode === 'parcel';
  if (kind === 'rate_confirmation') return mode === 'truckload';
  return mode !== 'parcel';
}

const FILE_NAMES: Record<DocumentKind, string> = {
  bol: 'BOL',
  labels: 'Labels',
  pallet_labels: 'Pallet-labels',
  rate_confirmation: 'Rate-confirmation',
};

/**
 * GET /api/shipments/:id/documents/:kind (bol | labels | pallet_labels | rate_confirmation): the document
 * as a PDF download, in the carrier's language, or `?language=` for the reader's copy (weights in
 * kg too for metric users). Only the
 * caller's account's shipments; a kind the shipment's mode has not (labels are for parcels,
 * pallet labels for LTL and truckload) is a 404 like an unknown shipment.
 */
export async function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The document of `id` as a PDF download; `accountId` null for staff (every account's). */
  async function send(request: FastifyRequest, reply: FastifyReply, accountId: string | null, unitSystem: UnitSystem) {
    const { id, kind } = request.params as z.infer<typeof params>;
    if (!isUuid(id) || !(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw AppError.notFound();
    const shipment = await documentShipment(ctx.db, accountId, id);
    if (!shipment || !hasDocument(shipment.mode, kind as DocumentKind)) throw AppError.notFound();
    const [account] = await ctx.db
      .select({ name: accounts.name, billingAddress: accounts.billingAddress })
      .from(accounts)
      .where(eq(accounts.id, shipment.accountId));
    const { language } = request.query as z.infer<typeof query>;
    const options = { language: language ?? carrierLanguage(shipment.originCountry), unitSystem, now: ctx.now() };
    const [{ buildBillOfLading }, { buildParcelLabels }, { buildPalletLabels }, { buildRateConfirmation }] = await loadBuilders();
    const build: Record<DocumentKind, () => Promise<Buffer>> = {
      bol: () => buildBillOfLading(shipment, { name: account?.name ?? '', billingAddress: account?.billingAddress ?? null }, options),
      labels: () => buildParcelLabels(shipment, options),
      pallet_labels: () => buildPalletLabels(shipment, options),
      rate_confirmation: async () => {
        const names = await equipmentCatalog(ctx.db, ctx.now).namesIn(options.language);
        return buildRateConfirmation({ ...shipment, equipmentName: names(shipment.service) }, options);
      },
    };
    const pdf = await build[kind as DocumentKind]();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${FILE_NAMES[kind as DocumentKind]}-${shipment.bolNumber}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  r.get(
    '/api/shipments/:id/documents/:kind',
    { preValidation: requireCustomer, schema: { params, querystring: query } },
    async (request, reply) => {
      const { account, settings } = customer(request);
      return send(request, reply, account.id, settings.unitSystem as UnitSystem);
    },
  );

  // Staff open any account's documents (issue 15), in their own units.
  r.get(
    '/api/admin/shipments/:id/documents/:kind',
    { preValidation: adminPage('shipments'), schema: { params, querystring: query } },
    async (request, reply) => send(request, reply, null, signedIn(request).settings.unitSystem as UnitSystem),
  );
}
