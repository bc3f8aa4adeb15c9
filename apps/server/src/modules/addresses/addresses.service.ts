import { ADDRESS_CSV_COLUMNS, type AddressBookEntryValues, addressBookEntry, type CsvImportReport } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { type CsvSource, type CsvSpec, importCsvFile, writeCsv, writeCsvStream } from '../../csv/csv';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { entryValues } from './addresses.presenter';
import { type AddressQuery, type AddressRecord, addressesRepository } from './addresses.repository';
import { type AddressVerifier, looseText, postalDataVerifier } from './addresses.verifier';

export { type AddressVerifier, normalizePostalCode, postalDataVerifier } from './addresses.verifier';

type Column = (typeof ADDRESS_CSV_COLUMNS)[number];

/** Who acts: the caller's account (every record is looked up through it) and user. */
export interface Caller {
  accountId: string;
  userId: string;
}

/**
 * The likely-duplicate key of an address: company, street1, postal code and country, each lower
 * case with runs of spaces as one (the postal code without spaces), accents kept.
 */
export function dedupeKey(v: Pick<AddressBookEntryValues, 'company' | 'street1' | 'postal_code' | 'country'>) {
  const norm = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  return [norm(v.company), norm(v.street1), v.postal_code.replace(/[\s-]/g, '').toLowerCase(), v.country.toLowerCase()].join('|');
}

const COUNTRY_NAMES: Readonly<Record<string, AddressBookEntryValues['country']>> = {
  us: 'US',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  ca: 'CA',
  canada: 'CA',
  mx: 'MX',
  mexico: 'MX',
};

/** The example row of the template. */
const TEMPLATE_ROW: AddressBookEntryValues = {
  company: 'Acme Distribution',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(312) 555-0100',
  street1: '233 S Wacker Dr',
  street2: 'Suite 4400',
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
  liftgate_recommended: true,
  opens_at: '08:00',
  closes_at: '17:00',
};

/**
 * Saves an entry to the account's address book, checked against the postal data, unless one with
 * the same duplicate key is there already (a booking's typed place, in the booking's transaction).
 */
export async function saveToAddressBookOnce(db: Db, owner: { accountId: string; userId: string }, entry: AddressBookEntryValues, at: Date) {
  const checked = await postalDataVerifier().verify(entry);
  const values = checked.entry;
  const key = dedupeKey(values);
  const book = addressesRepository(db);
  if ((await book.idsByDedupeKey(owner.accountId, [key])).size > 0) return;
  await book.insert(owner.accountId, owner.userId, { values, verified: checked.verified, dedupeKey: key }, at);
}

/** The address book: CRUD, search, CSV import and export. */
export function addressesService(ctx: AppContext, verifier: AddressVerifier = postalDataVerifier()) {
  const repo = addressesRepository(ctx.db);

  /** The entry checked against the postal data: 422 with the field errors, else what to store. */
  async function checked(values: AddressBookEntryValues): Promise<AddressRecord> {
    const result = await verifier.verify(values);
    if (Object.keys(result.errors).length) throw AppError.validation(result.errors);
    return { values: result.entry, verified: result.verified, dedupeKey: dedupeKey(result.entry) };
  }

  const csvSpec: CsvSpec<Column, AddressBookEntryValues, AddressRecord> = {
    columns: ADDRESS_CSV_COLUMNS,
    types: { limited_access: 'boolean', liftgate_recommended: 'boolean' },
    // Countries by code or English/Spanish name, location types in any case.
    prepare: (cells) => {
      const country = typeof cells.country === 'string' ? COUNTRY_NAMES[looseText(cells.country)] : undefined;
      const locationType = typeof cells.location_type === 'string' ? cells.location_type.trim().toLowerCase() : cells.location_type;
      return { ...cells, country: country ?? cells.country, location_type: locationType };
    },
    schema: addressBookEntry,
    async check(values) {
      const result = await verifier.verify(values);
      if (Object.keys(result.errors).length) return { errors: result.errors };
      return { value: { values: result.entry, verified: result.verified, dedupeKey: dedupeKey(result.entry) } };
    },
    key: (record) => record.dedupeKey,
  };

  return {
    page: (accountId: string, query: AddressQuery & { page: number; perPage: number }) => repo.page(accountId, query),

    async find(accountId: string, id: string) {
      const row = await repo.find(accountId, id);
      if (!row) throw AppError.notFound();
      return row;
    },

    async create(caller: Caller, values: AddressBookEntryValues) {
      return repo.insert(caller.accountId, caller.userId, await checked(values), ctx.now());
    },

    async update(accountId: string, id: string, values: AddressBookEntryValues) {
      // Another account's id is a 404 before any 422, so the answer tells nothing about it.
      if (!(await repo.find(accountId, id))) throw AppError.notFound();
      const row = await repo.update(accountId, id, await checked(values), ctx.now());
      if (!row) throw AppError.notFound();
      return row;
    },

    async remove(accountId: string, id: string) {
      if (!(await repo.remove(accountId, id))) throw AppError.notFound();
    },

    /** The CSV of the whole book or of the filtered view, in the list's order, a batch of entries at a time. */
    exportCsv(accountId: string, query: AddressQuery) {
      return writeCsvStream(
        ADDRESS_CSV_COLUMNS,
        (async function* () {
          for await (const rows of repo.batches(accountId, query)) yield rows.map(entryValues);
        })(),
      );
    },

    templateCsv: () => writeCsv(ADDRESS_CSV_COLUMNS, [TEMPLATE_ROW]),

    /**
     * Reads the CSV (see csv/csv.ts) with the same checks as a single entry; unless `dryRun`,
     * writes the good, non-duplicate rows in one transaction (all or nothing).
     */
    importCsv(caller: Caller, text: CsvSource, opts: { dryRun: boolean; language: Language }): Promise<CsvImportReport> {
      const at = ctx.now();
      return importCsvFile(ctx.db, text, csvSpec, opts, (db) => {
        const book = addressesRepository(db);
        return {
          findExisting: (keys) => book.idsByDedupeKey(caller.accountId, keys),
          write: (records) => book.insertChunk(caller.accountId, caller.userId, records, at),
        };
      });
    },
  };
}
