import {
  type BatchRowError,
  type BatchRowResult,
  type BookingRequest,
  bookingRequest,
  parseCsvBoolean,
  REFERENCE_TYPES,
  type ShipmentReference,
} from '@freight/contracts';
import type { Language, UnitSystem } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isMessageKey } from '../../i18n';
import { isUuid } from '../../ids';
import { recheckHoldLater } from '../invoices/invoices.service';
import { type BookingReaders, bolSerialsDrawnAhead, bookingService, carrierRowsReadOnce, type Shipper } from '../shipments/booking.service';
import { bookingFailed, type ShipmentsServiceOptions } from '../shipments/shipments.service';
import { webhookSubscribersReadEachSecond } from '../webhooks/webhooks.service';
import { type BatchLineRow, batchesRepository } from './batches.repository';
import { type BookedInOrder, drawAhead, drawsAhead } from './batches-documents-ahead';
import { accessorialsOf, BATCH_BOOK_PARALLEL, inGroups } from './batches-rows';
import { keepMessage } from './kept-messages';

/**
 * A row's idempotency key: the batch and the row's line, so a row is booked at most once however
 * often the batch (or the row) is booked, and a retry books only what is missing.
 */
export const batchRowKey = (batchId: string, line: number) => `batch:${batchId}:${line}`;

/**
 * The key of a row's current booking attempt. A row whose held booking was declined or withdrawn
 * is booked again under a key of its own (`:1`, `:2`, ...): its earlier key would answer the
 * declined hold. The first attempt keeps the bare key, so rows booked before stay as they were.
 */
export const batchRowAttemptKey = (batchId: string, row: Pick<BatchLineRow, 'line' | 'bookingAttempt'>) =>
  row.bookingAttempt > 0 ? `${batchRowKey(batchId, row.line)}:${row.bookingAttempt}` : batchRowKey(batchId, row.line);

/**
 * Brings a batch's held rows up to date with their approvals, as the batch is read, fixed, rated or
 * booked: an approved one is booked; a declined or withdrawn one is `booking_failed`, saying who
 * decided and why (kept unworded for its readers, kept-messages.ts), and may be booked again (its next attempt).
 */
export async function settleHeldRows(db: Db, batchId: string, at: Date) {
  const repo = batchesRepository(db);
  await repo.settleApproved(batchId, at);
  for (const undone of await repo.heldUndone(batchId)) {
    const name = `${undone.deciderFirst ?? ''} ${undone.deciderLast ?? ''}`.trim();
    const key = `batch.approval_${undone.status === 'declined' ? 'declined' : 'withdrawn'}${name ? '' : '_unknown'}`;
    await repo.releaseHeld(undone.rowId, undone.approvalId, keepMessage(key, { name, reason: undone.reason ?? '' }), at);
  }
}

type Side = 'origin' | 'destination';
type AddressEntry = NonNullable<Awaited<ReturnType<ReturnType<typeof batchesRepository>['addressByName']>>>;

/** The pickup window when the place gives no hours: a business day's. */
const DEFAULT_READY = '09:00';
const DEFAULT_CLOSE = '17:00';

const cellOf = (cells: Record<string, string>, column: string) => (cells[column] ?? '').trim();

/** `type:value` or a bare value (a shipper reference), semicolon-separated; empty parts are skipped. */
export function referencesOf(text: string): ShipmentReference[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      const type = at > 0 ? part.slice(0, at).trim().toLowerCase() : '';
      if ((REFERENCE_TYPES as readonly string[]).includes(type)) {
        return { type: type as ShipmentReference['type'], value: part.slice(at + 1).trim() };
      }
      return { type: 'shipper_reference' as const, value: part };
    });
}

/**
 * One end of a row's booking: the address book entry its `*_address_name` names (any case), with
 * each typed column over it; or the typed columns alone, at the row's postal code.
 */
function placeOf(side: Side, cells: Record<string, string>, entry: AddressEntry | undefined) {
  const typed = (name: string) => cellOf(cells, `${side}_${name}`);
  const contact = typed('contact_name');
  const [first = '', ...rest] = contact.split(/\s+/).filter(Boolean);
  const or = (value: string, fallback: string | undefined) => value || fallback || '';
  return {
    ...(entry ? { address_book_id: entry.id } : {}),
    company: or(typed('company'), entry?.company),
    first_name: contact ? first : (entry?.firstName ?? ''),
    last_name: contact ? rest.join(' ') : (entry?.lastName ?? ''),
    email: or(typed('contact_email'), entry?.email),
    phone: or(typed('contact_phone'), entry?.phone),
    street1: or(typed('street'), entry?.street1),
    street2: entry?.street2 ?? '',
    city: or(typed('city'), entry?.city),
    state: or(typed('state'), entry?.state),
    // An address book entry is at its own postal code: one other than the quoted is refused as on the booking form.
    postal_code: entry ? entry.postalCode : typed('postal_code'),
    country: entry ? entry.country : typed('country').toUpperCase(),
    interior_number: entry?.interiorNumber ?? '',
    exterior_number: entry?.exteriorNumber ?? '',
    neighborhood: entry?.neighborhood ?? '',
    opens_at: entry?.opensAt ?? '',
    closes_at: entry?.closesAt ?? '',
  };
}

/** The booking's hazmat fields by the row's columns that hold them. */
const HAZMAT_COLUMNS: Record<string, string> = {
  un_number: 'hazmat_un_number',
  proper_name: 'hazmat_proper_name',
  hazard_class: 'hazmat_class',
  packing_group: 'hazmat_packing_group',
  emergency_contact: 'hazmat_emergency_contact',
  emergency_phone: 'hazmat_emergency_phone',
};

/** A hazardous row's details from its columns (the booking checks them as the form does). */
function hazmatOf(cells: Record<string, string>) {
  const details = Object.fromEntries(Object.entries(HAZMAT_COLUMNS).map(([field, column]) => [field, cellOf(cells, column)]));
  return { ...details, packing_group: details.packing_group?.toUpperCase() };
}

/**
 * A temperature-controlled row's range from its columns, none when they are all empty (the booking
 * then asks for it when the row's equipment is temperature-controlled, on `temperature_low_f`).
 */
function temperatureOf(cells: Record<string, string>) {
  const [low, high, run] = ['temperature_low_f', 'temperature_high_f', 'temperature_run'].map((c) => cellOf(cells, c));
  if (!low && !high && !run) return {};
  const degrees = (cell: string | undefined) => (cell ? Number(cell) : undefined);
  return { temperature: { low_f: degrees(low), high_f: degrees(high), run: run?.toLowerCase() } };
}

/** The place fields a booking's problem names, by the row's column that holds them. */
const PLACE_COLUMNS: Record<string, string> = {
  company: 'company',
  first_name: 'contact_name',
  last_name: 'contact_name',
  email: 'contact_email',
  phone: 'contact_phone',
  street1: 'street',
  city: 'city',
  state: 'state',
  postal_code: 'postal_code',
  country: 'country',
};

/**
 * The column a booking problem's field names (pickup.email -> origin_contact_email). A field the
 * row took from its address book entry names the entry's column; one outside the places and
 * references is the row's as a whole (null).
 */
function columnOf(field: string, cells: Record<string, string>, fromBook: Record<Side, boolean>): string | null {
  const [head = '', name = ''] = field.split('.');
  if (head === 'pickup' || head === 'delivery') {
    const side: Side = head === 'pickup' ? 'origin' : 'destination';
    const own = PLACE_COLUMNS[name];
    const column = own ? `${side}_${own}` : undefined;
    if (own === 'postal_code' || own === 'country') return fromBook[side] ? `${side}_address_name` : (column ?? null);
    if (column && (!fromBook[side] || cellOf(cells, column))) return column;
    return fromBook[side] ? `${side}_address_name` : (column ?? null);
  }
  if (head === 'references' || head === 'reference_type' || head === 'reference_number') return 'references';
  if (head === 'hazmat') return HAZMAT_COLUMNS[name] ?? 'hazardous';
  if (head === 'temperature') return `temperature_${name === 'high_f' || name === 'run' ? name : 'low_f'}`;
  // An appointment the quote did not price: the row's accessorials must include it.
  if (head === 'delivery_appointment') return 'accessorials';
  if (head === 'delivery_date') return 'delivery_appointment_date';
  if (head === 'pickup_date' || head === 'insurance' || head === 'notes') return head;
  return null;
}

/**
 * Every row of the batch's merged file, in line order: those booked before at once, those being
 * booked (`due`) when their booking ends, each with its shipment or null.
 */
function rowsInFileOrder(rows: BatchLineRow[], due: BatchLineRow[]) {
  const dueLines = new Set(due.map((r) => r.line));
  const settles = new Map<number, (booked: Awaited<BookedInOrder>) => void>();
  const inOrder = rows.flatMap((r): BookedInOrder[] => {
    if (r.shipmentId) return [Promise.resolve({ id: r.shipmentId })];
    if (!dueLines.has(r.line)) return [];
    return [new Promise<Awaited<BookedInOrder>>((resolve) => settles.set(r.line, resolve))];
  });
  const settle = (line: number, booked: Awaited<BookedInOrder>) => {
    settles.get(line)?.(booked);
    settles.delete(line);
  };
  // A booking that stopped part way leaves the drawing no row waiting forever.
  const settleTheRest = () => {
    for (const line of [...settles.keys()]) settle(line, null);
  };
  return { inOrder, settle, settleTheRest };
}

/**
 * Booking a batch's rows, each through the single booking's service as its booker (their team
 * rights: a row beyond them is held for an account admin), BATCH_BOOK_PARALLEL at a time. A row
 * that fails is `booking_failed` with why (kept unworded for its readers, kept-messages.ts); the others go on.
 */
export function batchBooking(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = batchesRepository(ctx.db);
  const booking = bookingService(ctx, opts);

  /** The booking request a rated row stands for, or its problems by column. */
  async function requestOf(
    shipper: Shipper,
    row: BatchLineRow,
    say: (key: string, params?: Record<string, unknown>) => string,
  ): Promise<{ request?: BookingRequest; errors: BatchRowError[]; fromBook: Record<Side, boolean> }> {
    const cells = row.cells;
    const errors: BatchRowError[] = [];
    const entries: Record<Side, AddressEntry | undefined> = { origin: undefined, destination: undefined };
    for (const side of ['origin', 'destination'] as const) {
      const name = cellOf(cells, `${side}_address_name`);
      if (!name) continue;
      entries[side] = await repo.addressByName(shipper.accountId, name);
      if (!entries[side]) errors.push({ field: `${side}_address_name`, message: say('batch.address_name_unknown') });
    }
    const fromBook = { origin: !!entries.origin, destination: !!entries.destination };
    if (errors.length) return { errors, fromBook };
    const pickup = placeOf('origin', cells, entries.origin);
    const delivery = placeOf('destination', cells, entries.destination);
    const mode = (cellOf(cells, 'mode') || 'ltl').toLowerCase();
    const residential = cellOf(cells, 'destination_site_type').toLowerCase() === 'residential';
    const anyResidential = residential || cellOf(cells, 'origin_site_type').toLowerCase() === 'residential';
    // The place's own hours are the pickup window when it has them.
    const hours = pickup.opens_at && pickup.closes_at;
    // Hazardous when any of its item lines is: the materials are asked for once, for the shipment.
    const hazardous = [cellOf(cells, 'hazardous'), ...row.moreItems.map((i) => i.hazardous ?? '')].some((c) => parseCsvBoolean(c) === true);
    const appointmentDate = cellOf(cells, 'delivery_appointment_date');
    const body = {
      quote_id: row.quoteId,
      rate_id: row.rateId,
      // The cover chosen when the row was rated (its premium is in the row's price).
      insurance: (row.result as BatchRowResult | null)?.insurance?.kind ?? 'none',
      pickup,
      delivery,
      pickup_date: cellOf(cells, 'pickup_date'),
      ready_time: hours ? pickup.opens_at : DEFAULT_READY,
      close_time: hours ? pickup.closes_at : DEFAULT_CLOSE,
      ...(mode === 'parcel'
        ? { parcel_options: { handoff: 'pickup', signature: 'none', residential } }
        : { residential_or_liftgate: anyResidential }),
      references: referencesOf(cellOf(cells, 'references')),
      ...(mode === 'parcel'
        ? {}
        : {
            delivery_appointment: !!appointmentDate || accessorialsOf(cellOf(cells, 'accessorials')).includes('appointment'),
            ...(appointmentDate ? { delivery_date: appointmentDate } : {}),
          }),
      ...temperatureOf(cells),
      notes: cellOf(cells, 'notes'),
      hazardous,
      ...(hazardous ? { hazmat: hazmatOf(cells) } : {}),
      disclaimer_accepted: true,
    };
    const parsed = bookingRequest.safeParse(body);
    if (parsed.success) return { request: parsed.data, errors, fromBook };
    for (const issue of parsed.error.issues) {
      errors.push({ field: columnOf(issue.path.map(String).join('.'), cells, fromBook), message: say(issue.message) });
    }
    return { errors, fromBook };
  }

  /** Books one row: booked, held for approval, or failed with why (never thrown). Answers its shipment when booked. */
  async function bookRow(
    shipper: Shipper,
    booker: { firstName: string; lastName: string },
    batchId: string,
    row: BatchLineRow,
    readers: BookingReaders,
  ): Promise<Awaited<BookedInOrder>> {
    const say = (key: string, params: Record<string, unknown> = {}) => keepMessage(isMessageKey(key) ? key : 'validation.invalid', params);
    const key = batchRowAttemptKey(batchId, row);
    const fail = async (errors: BatchRowError[], message: string) => {
      // Another booking of the batch (a concurrent retry) may have booked it meanwhile.
      const won = await repo.shipmentByKey(shipper.accountId, key);
      if (won) {
        await repo.booked(row.id, { status: 'booked', shipmentId: won, approvalId: null, errors: [], bookingError: null }, ctx.now());
        return { id: won };
      }
      await repo.booked(row.id, { status: 'booking_failed', shipmentId: null, approvalId: null, errors, bookingError: message }, ctx.now());
      return null;
    };
    try {
      const made = await requestOf(shipper, row, say);
      if (!made.request) return fail(made.errors, made.errors[0]?.message ?? say('validation.invalid'));
      try {
        const outcome = await booking.book(shipper, made.request, key, { booker, ...readers });
        if (outcome.approval) {
          const values = { status: 'awaiting_approval' as const, shipmentId: null, approvalId: outcome.approval.id };
          await repo.booked(row.id, { ...values, errors: [], bookingError: null }, ctx.now());
          return null;
        }
        const values = { status: 'booked' as const, shipmentId: outcome.shipment.id, approvalId: null };
        await repo.booked(row.id, { ...values, errors: [], bookingError: null }, ctx.now());
        return { id: outcome.shipment.id, row: outcome.shipment };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const refused: AppError = err;
        const fields = Object.entries(refused.errors ?? {});
        const errors = fields.flatMap(([field, keys]) =>
          keys.map((k) => ({ field: columnOf(field, row.cells, made.fromBook), message: say(k, refused.params) })),
        );
        return fail(errors, errors[0]?.message ?? say(refused.message, refused.params));
      }
    } catch (err) {
      // Not the row's fault (the database, a bug): said as the booking form says it, the others go on.
      const failed = err instanceof AppError ? err : bookingFailed(err);
      return fail([], say(failed.message, failed.params)).catch(() => null);
    }
  }

  return {
    /**
     * Books every rated row with a choice that has no shipment and is not held (or only the row
     * at `line`), BATCH_BOOK_PARALLEL at a time. A row already booked or held is never booked
     * again: its key answers the first booking. A held row declined or withdrawn since is failed
     * first, so it is booked again under its next attempt's key. 404 for another account's batch.
     */
    async book(
      shipper: Shipper,
      booker: { firstName: string; lastName: string },
      batchId: string,
      line: number | null,
      reader: { language: Language; unitSystem: UnitSystem },
    ) {
      if (!isUuid(batchId) || !(await repo.find(shipper.accountId, batchId))) throw AppError.notFound();
      await settleHeldRows(ctx.db, batchId, ctx.now());
      const rows = await repo.rows(batchId);
      const bookable = (r: BatchLineRow) =>
        ['rated', 'booking_failed'].includes(r.status) && r.quoteId !== null && r.rateId !== null && !r.shipmentId && !r.approvalId;
      let due = rows.filter(bookable);
      if (line !== null) {
        const row = rows.find((r) => r.line === line);
        if (!row) throw AppError.notFound();
        if (row.shipmentId || row.approvalId) throw new AppError(409, 'conflict', 'errors.already_booked');
        if (!bookable(row)) throw AppError.field('rate_id', 'validation.required');
        due = [row];
      }
      const readers: BookingReaders = {
        readCarrier: carrierRowsReadOnce(ctx),
        readSubscribers: webhookSubscribersReadEachSecond(ctx.db, ctx.now),
        drawBolSerial: bolSerialsDrawnAhead(ctx, due.length),
      };
      // A large booking's merged file is drawn as its rows are booked, on the drawing worker's core.
      const drawing = line === null && drawsAhead(ctx, due.length) ? rowsInFileOrder(rows, due) : undefined;
      if (drawing) drawAhead(ctx, { id: batchId, accountId: shipper.accountId, ...reader }, drawing.inOrder);
      try {
        await inGroups(due, BATCH_BOOK_PARALLEL, async (row) => {
          const booked = await bookRow(shipper, booker, batchId, row, readers);
          drawing?.settle(row.line, booked);
        });
      } finally {
        drawing?.settleTheRest();
      }
      if (await repo.anyBookedOrHeld(batchId)) await repo.setStatus(batchId, 'booked', ctx.now());
      // Bookings on terms may take the account past its credit limit: its next booking is held.
      if (due.length) recheckHoldLater(ctx, { id: shipper.accountId, paymentTerms: shipper.paymentTerms });
    },
  };
}
