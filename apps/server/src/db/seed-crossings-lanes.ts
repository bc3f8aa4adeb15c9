import type { BookingCustoms, CustomsBroker, CustomsStage, PlaceView, ShipmentItemView } from '@freight/contracts';
import { place } from './seed-shipments';

/** A shipment of Frontera Trading Co across the border, and where it should stand with customs when seeded. */
export interface CrossingSpec {
  /** Names the shipment's series of ids (seed-crossings.ts). */
  key: string;
  scac: 'DFRC' | 'DTBF';
  pickup: PlaceView;
  delivery: PlaceView;
  readyTime: string;
  items: ShipmentItemView[];
  /** One entry per item, in the items' order, one broker per side of the lane (the origin's first). */
  customs: BookingCustoms;
  /** The entered country's customs reference in its printed form, once the broker has given it. */
  entryNumber: string | null;
  poNumber: string;
  stage: CustomsStage;
  /** Whether the demo carriers hold it at the border for a missing document (their one in four, by the id). */
  held: boolean;
  /** The code its latest event must have, where the stage alone leaves it open (released, and still on its way). */
  lastCode?: string;
}

/** Frontera Trading Co's own dock in Chicago: the account's address and where most of its freight leaves from. */
export const FRONTERA_DOCK = place('Frontera Trading Co', '2150 S Canalport Ave', 'Chicago', 'IL', '60608', ['Marta', 'Flores']);

/** A consignee in Monterrey, Nuevo León, addressed as Mexican places are: exterior and interior numbers, colonia. */
const monterrey = (
  company: string,
  street: [string, string, string],
  neighborhood: string,
  postal_code: string,
  contact: [string, string],
  phone: string,
): PlaceView => ({
  ...place(company, street[0], 'Monterrey', 'NLE', postal_code, contact),
  country: 'MX',
  exterior_number: street[1],
  interior_number: street[2],
  neighborhood,
  phone,
});

const toronto = (company: string, street1: string, postal_code: string, contact: [string, string], phone: string): PlaceView => ({
  ...place(company, street1, 'Toronto', 'ON', postal_code, contact),
  country: 'CA',
  phone,
});

const pallets = (
  description: string,
  quantity: number,
  [length_in, width_in, height_in]: [number, number, number],
  weight_lb: number,
  freight_class: number,
): ShipmentItemView => ({
  description,
  package_type: 'pallets',
  quantity,
  length_in,
  width_in,
  height_in,
  weight_lb,
  freight_class,
  nmfc: '',
  stackable: false,
  hazardous: false,
});

/** The provider's broker on one side, as a booking keeps it. */
const ours = (country: CustomsBroker['country']): CustomsBroker => ({
  country,
  ours: true,
  company: '',
  contact_name: '',
  phone: '',
  email: '',
});

/** The shipper's own U.S. broker in Laredo, named on the bill of lading with how to reach it. */
const BORDER_BROKERS: CustomsBroker = {
  country: 'US',
  ours: false,
  company: 'Border Brokers Inc.',
  contact_name: 'Dana Cruz',
  phone: '(956) 555-0140',
  email: 'entries@borderbrokers.example',
};

/**
 * The Carta Porte's goods key (c_ClaveProdServCP) of each demo HS code: laptops, shelving and
 * racks, power supplies, office furniture. Counted by the pallet (XPX) as they ship.
 */
const SAT_KEYS: Record<string, string> = { '847130': '43211503', '730890': '24102000', '850440': '39121004', '940320': '56101700' };

const item = (hs_code: string, origin_country: string, unit_value_cents: number, usmca: boolean) => ({
  hs_code,
  origin_country,
  unit_value_cents,
  usmca,
  origin_criterion: usmca ? ('B' as const) : null,
  sat_key: SAT_KEYS[hs_code] ?? '',
  sat_unit: 'XPX' as const,
});

const DALLAS_SUPPLIER = place('Trinity Fixtures Supply', '1801 Irving Blvd', 'Dallas', 'TX', '75207', ['Travis', 'Reed']);
const DALLAS_WAREHOUSE = place('Frontera Trading Co', '3000 Pegasus Park Dr', 'Dallas', 'TX', '75247', ['Hector', 'Salinas']);

/**
 * One shipment at each stage of the customs queue: waiting for the broker's entry, ready with a
 * pedimento, at the border in Detroit, held at Nuevo Laredo for a missing document, and released
 * into the United States. Values are per pallet; HS codes are ones the duty tables know.
 */
export const CROSSINGS: CrossingSpec[] = [
  {
    key: 'chicago-monterrey-waiting',
    scac: 'DFRC',
    pickup: FRONTERA_DOCK,
    delivery: monterrey(
      'Aceros del Norte SA de CV',
      ['Av. Constitución', '400', '3B'],
      'Centro',
      '64000',
      ['Lucía', 'Garza'],
      '81 8340 1200',
    ),
    readyTime: '09:00',
    items: [pallets('Laptop computers, boxed', 2, [48, 40, 48], 420, 92.5), pallets('Steel shelving frames', 1, [96, 40, 36], 900, 70)],
    customs: {
      incoterm: 'DAP',
      currency: 'USD',
      items: [item('847130', 'CN', 3_200_000, false), item('730890', 'US', 240_000, true)],
      brokers: [ours('US'), ours('MX')],
      tax_id: 'ANE010203XY9',
    },
    entryNumber: null,
    poNumber: 'FT-26041',
    stage: 'waiting_for_broker',
    held: false,
  },
  {
    key: 'dallas-monterrey-ready',
    scac: 'DFRC',
    pickup: DALLAS_SUPPLIER,
    delivery: monterrey(
      'Muebles Regios SA de CV',
      ['Av. Gonzalitos', '1550', 'Bodega 4'],
      'Mitras Centro',
      '64460',
      ['Jorge', 'Treviño'],
      '81 8123 4567',
    ),
    readyTime: '10:00',
    items: [pallets('Steel office desks, knocked down', 4, [48, 40, 60], 650, 85)],
    customs: {
      incoterm: 'DAP',
      currency: 'USD',
      items: [item('940320', 'US', 310_000, true)],
      brokers: [BORDER_BROKERS, ours('MX')],
      tax_id: 'MRE150610AB1',
    },
    // Nuevo Laredo's customs office (24), the broker's licence, the sequence: as printed on the pedimento.
    entryNumber: '26  24  3456  6001234',
    poNumber: 'FT-26042',
    stage: 'ready',
    held: false,
  },
  {
    key: 'chicago-toronto-at-border',
    scac: 'DTBF',
    pickup: FRONTERA_DOCK,
    delivery: toronto('Queen West Supply', '401 Richmond St W', 'M5V 3L9', ['Priya', 'Shah'], '(416) 555-0163'),
    readyTime: '08:30',
    items: [pallets('Steel storage racks', 3, [48, 40, 54], 700, 70), pallets('Power supplies, boxed', 1, [48, 40, 40], 380, 85)],
    customs: {
      incoterm: 'DDP',
      currency: 'USD',
      items: [item('730890', 'US', 185_000, true), item('850440', 'MX', 920_000, true)],
      brokers: [ours('US'), ours('CA')],
      tax_id: '',
    },
    // The Canadian broker's 14-digit transaction number.
    entryNumber: '11937202611045',
    poNumber: 'FT-26043',
    stage: 'at_border',
    held: false,
  },
  {
    key: 'chicago-monterrey-held',
    scac: 'DFRC',
    pickup: FRONTERA_DOCK,
    delivery: monterrey(
      'Estructuras Cumbres SA de CV',
      ['Calle Washington', '2000', 'Nave 2'],
      'Obrera',
      '64010',
      ['Rosa', 'Villarreal'],
      '81 8345 6600',
    ),
    readyTime: '09:30',
    items: [pallets('Structural steel brackets', 3, [48, 40, 36], 1_100, 60)],
    customs: {
      incoterm: 'FCA',
      currency: 'USD',
      items: [item('730890', 'US', 260_000, true)],
      brokers: [ours('US'), ours('MX')],
      tax_id: 'ECU180912KJ3',
    },
    entryNumber: null,
    poNumber: 'FT-26044',
    stage: 'held',
    held: true,
  },
  {
    key: 'toronto-dallas-released',
    scac: 'DTBF',
    pickup: toronto('Lakeshore Millwork Ltd', '120 Carrier Dr', 'M9W 5R1', ['Owen', 'Tremblay'], '(416) 555-0188'),
    delivery: DALLAS_WAREHOUSE,
    readyTime: '11:00',
    items: [pallets('Metal shop cabinets', 2, [48, 40, 72], 560, 100)],
    customs: {
      incoterm: 'DAP',
      currency: 'USD',
      items: [item('940320', 'CA', 480_000, true)],
      brokers: [ours('CA'), ours('US')],
      tax_id: '',
    },
    // The U.S. entry number: the filer's code, the entry, its check digit.
    entryNumber: 'B7K-0452163-9',
    poNumber: 'FT-26045',
    stage: 'released',
    held: false,
    lastCode: 'RH',
  },
];
