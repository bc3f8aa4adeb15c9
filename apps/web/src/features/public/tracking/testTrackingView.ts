import type { PublicTrackingView } from '@freight/contracts';

/** A shipment in transit from Chicago to Atlanta as the public tracking page gets it, with no events. */
export const IN_TRANSIT_VIEW: PublicTrackingView = {
  number: 'FP00012345',
  status: 'in_transit',
  mode: 'ltl',
  carrier_name: 'Saia',
  pickup_date: '2026-03-10',
  estimated_delivery: '2026-03-13',
  delivered_at: null,
  origin: { city: 'Chicago', state: 'IL', country: 'US' },
  destination: { city: 'Atlanta', state: 'GA', country: 'US' },
  events: [],
};
