import {
  carrierDeliveryWindows,
  carrierVisibility,
  dieselPriceView,
  dutyRateTableView,
  pricingPreview,
  pricingProgramDetail,
  pricingProgramRow,
  pricingProgramStartingPoint,
  pricingProgramVersionDetail,
  staffCarrierDetail,
  staffCarrierRow,
  tariffPreview,
  tariffStartingPoint,
  tariffVersionDetail,
  trackingIngestCounts,
  trackingKeyRotated,
  trackingKeyState,
} from '@freight/contracts';
import { type Answer, accepted, created, list, record } from './openapi-answers';

const CARRIER = '/api/admin/carriers/:id';
const PROGRAM = '/api/admin/pricing-programs/:key';
const DUTY_RATES = '/api/admin/duty-rates/:country';

/**
 * What the routes of carrier setup answer on success (web-answers.ts explains the checks): staff's
 * carriers, pricing programs, diesel prices and duty rates, the carriers a shipper may see, and the
 * events a carrier posts. Each write on a carrier, a program, the diesel weeks or a duty-rate table
 * answers the whole of it as it now is. Not here yet: the diesel import, whose report (the CSV
 * imports' report, shared with the address book's and the catalog's) has no schema.
 */
export const CARRIER_SETUP_ANSWERS: Record<string, Answer> = {
  'POST /api/carriers/:scac/tracking-events': accepted('What became of each posted event, counted.', trackingIngestCounts),
  'GET /api/carriers': list('Every active carrier with whether the caller hides it or prefers it, by mode and name.', carrierVisibility),
  'PUT /api/carriers/preferences': list('Every active carrier with the choices as now saved.', carrierVisibility),
  'GET /api/admin/carriers': list("Every carrier with last week's figures and its tariff's state.", staffCarrierRow),
  [`GET ${CARRIER}`]: record('The carrier with its tariff versions and the impact of its draft, if previewed.', staffCarrierDetail),
  [`PATCH ${CARRIER}`]: record('The carrier, switched on or off.', staffCarrierDetail),
  [`POST ${CARRIER}/resume-quoting`]: record('The carrier, quoting again.', staffCarrierDetail),
  [`GET ${CARRIER}/versions/:number`]: record('The version with its whole tariff.', tariffVersionDetail),
  [`GET ${CARRIER}/draft/new`]: record('What a new draft starts from: the tariff in force today.', tariffStartingPoint),
  [`PUT ${CARRIER}/draft`]: record('The carrier with its saved draft, to preview again.', staffCarrierDetail),
  [`DELETE ${CARRIER}/draft`]: record('The carrier without its draft.', staffCarrierDetail),
  [`POST ${CARRIER}/draft/preview`]: record("The draft against the tariff in force over the carrier's last quotes.", tariffPreview),
  [`POST ${CARRIER}/draft/publish`]: record('The carrier with its draft published.', staffCarrierDetail),
  [`POST ${CARRIER}/versions/:number/restore`]: record('The carrier with the restored tariff as its new draft.', staffCarrierDetail),
  [`GET ${CARRIER}/tracking-key`]: record('Whether the carrier has a tracking key, and when it was last rotated.', trackingKeyState),
  [`POST ${CARRIER}/tracking-key`]: created('The new tracking key, shown in this answer only.', trackingKeyRotated),
  [`GET ${CARRIER}/delivery-windows`]: record('What the carrier promised and what it took, lane by lane.', carrierDeliveryWindows),
  'GET /api/admin/diesel-prices': list('Every weekly diesel price, newest first.', dieselPriceView),
  'PUT /api/admin/diesel-prices/:week': list('Every weekly diesel price, the week saved.', dieselPriceView),
  'DELETE /api/admin/diesel-prices/:week': list('Every weekly diesel price left.', dieselPriceView),
  [`GET ${DUTY_RATES}`]: record("The country's duty-rate table.", dutyRateTableView),
  [`PUT ${DUTY_RATES}`]: record('The table with its new source and date.', dutyRateTableView),
  [`PUT ${DUTY_RATES}/rates/:hs_code`]: record('The table with the rate set.', dutyRateTableView),
  [`DELETE ${DUTY_RATES}/rates/:hs_code`]: record('The table without the rate.', dutyRateTableView),
  'GET /api/admin/pricing-programs': list("The pricing programs the caller reads: the default one and the accounts'.", pricingProgramRow),
  [`GET ${PROGRAM}`]: record('The program with its versions and the impact of its draft, if previewed.', pricingProgramDetail),
  [`GET ${PROGRAM}/versions/:number`]: record('The version with its whole program.', pricingProgramVersionDetail),
  [`GET ${PROGRAM}/in-force`]: record('The version in force on the day asked, with its whole program.', pricingProgramVersionDetail),
  [`GET ${PROGRAM}/draft/new`]: record(
    'What a new draft starts from: the version in force today, or an empty program.',
    pricingProgramStartingPoint,
  ),
  [`PUT ${PROGRAM}/draft`]: record('The program with its saved draft, to preview again.', pricingProgramDetail),
  [`DELETE ${PROGRAM}/draft`]: record('The program without its draft.', pricingProgramDetail),
  [`POST ${PROGRAM}/draft/preview`]: record('The newest quotes priced again by the draft, beside the program in force.', pricingPreview),
  [`POST ${PROGRAM}/draft/publish`]: record('The program with its draft published.', pricingProgramDetail),
  [`POST ${PROGRAM}/versions/:number/restore`]: record('The program with the restored version as its new draft.', pricingProgramDetail),
};
