import { type AddressBookEntryInput, addressBookEntry } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { addressesRepository } from '../modules/addresses/addresses.repository';
import { dedupeKey } from '../modules/addresses/addresses.service';
import { postalDataVerifier } from '../modules/addresses/addresses.verifier';
import type { Db } from './client';
import { users } from './schema';

/** A few customers for the demo shipper's address book, their postal data agreeing. */
const DEMO_ADDRESSES: AddressBookEntryInput[] = [
  {
    company: 'Lakeshore Industrial Supply',
    first_name: 'Maria',
    last_name: 'Kowalski',
    email: 'receiving@lakeshore-supply.example',
    phone: '(312) 555-0187',
    street1: '200 E Randolph St',
    street2: 'Dock 3',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60601',
    country: 'US',
    location_type: 'commercial',
    liftgate_recommended: false,
    opens_at: '07:00',
    closes_at: '15:30',
  },
  {
    company: 'Peachtree Home Goods',
    first_name: 'Darnell',
    last_name: 'Brooks',
    email: 'dbrooks@peachtree-home.example',
    phone: '(404) 555-0123',
    street1: '55 Park Pl NE',
    city: 'Atlanta',
    state: 'GA',
    postal_code: '30303',
    country: 'US',
    location_type: 'commercial',
    limited_access: true,
    liftgate_recommended: true,
    opens_at: '09:00',
    closes_at: '17:00',
  },
  {
    company: 'Trinity Restaurant Equipment',
    first_name: 'Luis',
    last_name: 'Ortega',
    email: 'luis.ortega@trinity-equip.example',
    phone: '(214) 555-0166',
    street1: '1601 Elm St',
    city: 'Dallas',
    state: 'TX',
    postal_code: '75201',
    country: 'US',
    location_type: 'commercial',
    opens_at: '08:00',
    closes_at: '16:00',
  },
  {
    company: 'Harbourfront Outfitters',
    first_name: 'Priya',
    last_name: 'Natarajan',
    email: 'shipping@harbourfront.example',
    phone: '(416) 555-0199',
    street1: '401 Bremner Blvd',
    city: 'Toronto',
    state: 'ON',
    postal_code: 'M5V 3L9',
    country: 'CA',
    location_type: 'commercial',
    opens_at: '08:30',
    closes_at: '17:00',
  },
  {
    company: 'Aceros del Norte',
    first_name: 'Alejandro',
    last_name: 'Garza',
    email: 'agarza@acerosdelnorte.example',
    phone: '+52 81 5555 0142',
    street1: 'Av. Constitución',
    city: 'Monterrey',
    state: 'NLE',
    postal_code: '64000',
    country: 'MX',
    exterior_number: '1200',
    interior_number: 'B',
    neighborhood: 'Centro',
    location_type: 'commercial',
    opens_at: '08:00',
    closes_at: '18:00',
  },
  {
    company: 'Rivera Residence',
    first_name: 'Ana',
    last_name: 'Rivera',
    phone: '(773) 555-0110',
    street1: '2150 N Lincoln Park W',
    street2: 'Apt 5B',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60614',
    country: 'US',
    location_type: 'residential',
    liftgate_recommended: true,
  },
];

/** The demo shipper's address book (a seed part of its own, after the demo accounts). */
export async function seedDemoAddresses(tx: Db, now: Date) {
  const [shipper] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!shipper?.accountId) return;
  const verifier = postalDataVerifier();
  const records = [];
  for (const input of DEMO_ADDRESSES) {
    const result = await verifier.verify(addressBookEntry.parse(input));
    if (Object.keys(result.errors).length) throw new Error(`demo address ${input.company}: ${JSON.stringify(result.errors)}`);
    records.push({ values: result.entry, verified: result.verified, dedupeKey: dedupeKey(result.entry) });
  }
  await addressesRepository(tx).insertChunk(shipper.accountId, shipper.id, records, now);
}
