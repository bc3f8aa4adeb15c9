import type { PlaceView, ShipmentItemView, StopView } from '@freight/contracts';
import type { ChargeLine } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { deliveryPlaceOf, storedDelivery } from '../modules/shipments/truckload-stops';
import type { Db } from './client';
import { carriers, shipments, users } from './schema';
import { demoShipment, pricedColumns } from './seed-shipments';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const INDIANAPOLIS: PlaceView = {
  company: 'Circle City Foods',
  first_name: 'Dana',
  last_name: 'Price',
  email: 'dock@circlecity.test',
  phone: '(317) 555-0142',
  street1: '1 Monument Cir',
  street2: 'Dock B',
  city: 'Indianapolis',
  state: 'IN',
  postal_code: '46204',
  country: 'US',
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '07:00',
  closes_at: '15:00',
};

/** 20 pallets of 1,000 lb: part for Indianapolis, the rest for Atlanta. */
const LOAD: ShipmentItemView[] = [
  {
    description: 'Canned goods, shrink-wrapped',
    package_type: 'pallets',
    quantity: 20,
    length_in: 48,
    width_in: 40,
    height_in: 48,
    weight_lb: 1000,
    freight_class: null,
    nmfc: '',
    stackable: true,
    hazardous: false,
  },
];

/** A dry van's charges for the ~820 road miles Chicago -> Indianapolis -> Atlanta, with its stop-off. */
const CHARGES: ChargeLine[] = [
  { code: 'freight', label: 'quote.charge.freight', amount_cents: 133_660 },
  { code: 'fuel', label: 'quote.charge.fuel', detail: 'fuel', amount_cents: 34_440 },
  { code: 'accessorial', label: 'quote.charge.accessorial', detail: 'stop_off', amount_cents: 7_500 },
];

/**
 * Demo Shipper Co's truckload on the road with an extra drop: Chicago -> Indianapolis
 * (Circle City Foods) -> Atlanta, so My Shipments, Tracking, the staff search and the documents
 * show a route with a stop. Its events are the whole story (the demo poll leaves it).
 */
export async function seedDemoTruckloadStops(tx: Db, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  const [carrier] = await tx
    .select()
    .from(carriers)
    .where(and(eq(carriers.mode, 'truckload'), eq(carriers.scac, 'DVLN')));
  if (!user?.accountId || !carrier) return;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const row = await demoShipment(
    tx,
    { accountId: user.accountId, userId: user.id },
    {
      untracked: true,
      lane: 1,
      linehaul: 0,
      pickedUpAt: ago(20),
      estimatedDelivery: new Date(now.getTime() + DAY),
      events: [
        { code: 'AF', at: ago(20), end: 'pickup', description: 'Picked up' },
        { code: 'X4', at: ago(14), end: { city: 'Indianapolis', state: 'IN' }, description: 'Extra drop made at Circle City Foods' },
      ],
    },
  );
  const stop: StopView = {
    kind: 'drop',
    place: INDIANAPOLIS,
    date: row.pickupDate,
    appointment: false,
    time_from: '13:00',
    time_to: '15:00',
  };
  await tx
    .update(shipments)
    .set({
      mode: 'truckload',
      service: 'dry_van',
      carrierId: carrier.id,
      carrierName: carrier.name,
      scac: carrier.scac,
      proNumber: String(700_000_000 + (Number(row.bolNumber.slice(-6)) % 100_000_000)),
      transitDays: 2,
      delivery: storedDelivery(deliveryPlaceOf(row), [stop]),
      items: LOAD,
      accessorials: ['stop_off'],
      ...(await pricedColumns(tx, user.accountId, CHARGES, {
        mode: 'truckload',
        carrier_scac: carrier.scac,
        origin: { postal_code: row.originPostalCode, country: 'US', state: row.originState },
        destination: { postal_code: row.destinationPostalCode, country: 'US', state: row.destinationState },
        weight_lb: LOAD.reduce((n, i) => n + i.quantity * i.weight_lb, 0),
        date: row.pickupDate,
      })),
      declaredValueCents: 3_000_000,
    })
    .where(eq(shipments.id, row.id));
}
