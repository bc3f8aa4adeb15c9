import type { AddressBookEntry, AddressBookEntryValues, Paginated } from '@freight/contracts';
import { pageMeta } from '../../paging';
import type { AddressRow } from './addresses.repository';

/** The entry's fields as the contract names them (also one CSV row). */
export function entryValues(row: AddressRow): AddressBookEntryValues {
  return {
    company: row.company,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    street1: row.street1,
    street2: row.street2,
    street3: row.street3,
    street4: row.street4,
    street5: row.street5,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    interior_number: row.interiorNumber,
    exterior_number: row.exteriorNumber,
    neighborhood: row.neighborhood,
    location_type: row.locationType,
    limited_access: row.limitedAccess,
    liftgate_recommended: row.liftgateRecommended,
    opens_at: row.opensAt,
    closes_at: row.closesAt,
  };
}

/** An address on the wire (contracts `addressBookEntryView`, which the API's tests hold it to). */
export function presentAddress(row: AddressRow): AddressBookEntry {
  return {
    id: row.id,
    ...entryValues(row),
    verified: row.verified,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentAddressPage(
  rows: AddressRow[],
  { total, capped }: { total: number; capped: boolean },
  page: number,
  perPage: number,
): Paginated<AddressBookEntry> {
  return { data: rows.map(presentAddress), meta: pageMeta(total, page, perPage, capped) };
}
