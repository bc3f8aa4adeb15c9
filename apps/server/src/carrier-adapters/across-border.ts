import {
  type BorderService,
  type BorderSide,
  type CrossingPlan,
  crossBorderDelivery,
  crossingCharges,
  lookupPlace,
  mergeLegLines,
  planCrossing,
  type RateMessage,
  ROAD_FACTOR,
  splitTransit,
} from '@freight/domain/rating';
import type { CarrierRate, NoRate, RatePlace, RateRequest } from './adapter';

/** Said when a carrier does not take a shipment across its border (the quote shows it when none does). */
export const NOT_ACROSS_THE_BORDER: RateMessage = { level: 'no_rate', key: 'quote.no_rate.cross_border' };
/** Said when the carriers serving the lane do not cross at the port the shipper chose. */
export const NOT_AT_THIS_PORT: RateMessage = { level: 'no_rate', key: 'quote.no_rate.port_of_entry' };

/** Whether any leg of the request leaves the origin's country. */
export function crossesBorder(request: Pick<RateRequest, 'origin' | 'destination' | 'stops'>) {
  const home = request.origin.country;
  return request.destination.country !== home || request.stops.some((s) => s.country !== home);
}

/** How the carrier's `border` service takes the request across, or null (not its lane, extra stops, an unknown place). */
function planFor(border: BorderService | undefined, request: RateRequest): CrossingPlan | null {
  if (!border || request.stops.length > 0) return null;
  const from = lookupPlace(request.origin.postal_code, request.origin.country);
  const to = lookupPlace(request.destination.postal_code, request.destination.country);
  if (!from || !to) return null;
  return planCrossing(
    border,
    { ...from, country: request.origin.country },
    { ...to, country: request.destination.country },
    request.port_of_entry,
  );
}

const sidePlace = (side: BorderSide, country: RatePlace['country']): RatePlace => ({
  postal_code: side.postal_code,
  country,
  site_type: 'business',
  city: side.city,
  state: side.state,
});

/** One leg of the trip, `miles` of road: the carrier rates it as any shipment of those places. */
function leg(request: RateRequest, origin: RatePlace, destination: RatePlace, miles: number, withAccessorials: boolean): RateRequest {
  return {
    ...request,
    origin,
    destination,
    road_miles: miles,
    direct_miles: miles / ROAD_FACTOR,
    accessorials: withAccessorials ? request.accessorials : [],
  };
}

/**
 * The carrier's rate of a shipment across the border, from its rate of one side (`rateSide`):
 * one truck through rates the whole road through the port and splits its days by each side's
 * miles; a hand-over rates each side as its own leg (the delivery's accessorials on the second,
 * so each is charged once). Both add what crossing costs, and count each side's days on its
 * country's calendar with the days at the border between.
 */
export function rateAcrossBorder(
  border: BorderService | undefined,
  request: RateRequest,
  rateSide: (request: RateRequest) => CarrierRate | NoRate,
): CarrierRate | NoRate {
  const plan = planFor(border, request);
  if (!border || !plan) {
    // A carrier of the lane that crosses elsewhere says so, so the shipper knows another port has rates.
    const elsewhere = request.port_of_entry && planFor(border, { ...request, port_of_entry: undefined });
    return { status: 'no_rate', messages: [elsewhere ? NOT_AT_THIS_PORT : NOT_ACROSS_THE_BORDER] };
  }
  const { origin, destination } = request;
  const sides: (CarrierRate | NoRate)[] =
    plan.kind === 'single_line'
      ? [rateSide({ ...request, road_miles: plan.miles[0] + plan.miles[1] })]
      : [
          rateSide(leg(request, origin, sidePlace(plan.exit, origin.country), plan.miles[0], false)),
          rateSide(leg(request, sidePlace(plan.entry, destination.country), destination, plan.miles[1], true)),
        ];
  const unrated = sides.find((s): s is NoRate => s.status === 'no_rate');
  if (unrated) return unrated;
  const [first, second] = sides as CarrierRate[];
  if (!first) return { status: 'no_rate', messages: [NOT_ACROSS_THE_BORDER] };
  const days: [number, number] = second ? [first.transit_days, second.transit_days] : splitTransit(first.transit_days, plan.miles);
  const crossing = crossingCharges(border, plan);
  const lines = [...(second ? mergeLegLines(first.lines, second.lines) : first.lines), ...crossing];
  return {
    status: 'rated',
    service: first.service,
    transit_days: days[0] + border.crossing_days + days[1],
    estimated_delivery: crossBorderDelivery(request.pickup_date, plan.lane, days[0], border.crossing_days, days[1]),
    lines,
    total_cents: lines.reduce((sum, l) => sum + l.amount_cents, 0),
    messages: [...first.messages, ...(second?.messages ?? [])],
    crossing: { port: plan.port, kind: plan.kind, days: [days[0], border.crossing_days, days[1]] },
  };
}
