import type { AddressBookEntry } from '@freight/contracts';

/** Test data: an address book entry (a commercial Chicago dock) with `overrides`. */
export function makeAddress(overrides: Partial<AddressBookEntry> = {}): AddressBookEntry {
  return {
    id: '6f1c2f9e-0000-4000-8000-000000000001',
    company: 'Windy City Depot',
    first_name: 'Lee',
    last_name: 'Park',
    email: 'lee@windy.test',
    phone: '312 555 0123',
    street1: '1 Wacker Dr',
    street2: '',
    street3: '',
    street4: '',
    street5: '',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
    interior_number: '',
    exterior_number: '',
    neighborhood: '',
    location_type: 'commercial',
    limited_access: false,
    liftgate_recommended: false,
    opens_at: '07:00',
    closes_at: '15:00',
    verified: true,
    created_at: '2026-03-09T15:00:00Z',
    updated_at: '2026-03-09T15:00:00Z',
    ...overrides,
  };
}
