/** Where a shipment's ends are, as a place of the booking carries them. */
interface End {
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/**
 * The columns a shipment keeps of its two ends beside the places themselves: what the lists, the
 * searches and the lane figures filter and group by without reading the places' JSON.
 */
export function laneColumns(pickup: End, delivery: End) {
  return {
    originCity: pickup.city,
    originState: pickup.state,
    originPostalCode: pickup.postal_code,
    originCountry: pickup.country,
    destinationCity: delivery.city,
    destinationState: delivery.state,
    destinationPostalCode: delivery.postal_code,
    destinationCountry: delivery.country,
  };
}
