import type { PlaceView } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { zonedDateTime } from '@freight/domain';
import type { AppContext } from '../../context';
import { type ExportColumn, type ExportFormat, sendExport } from '../../exports/export';
import { exportWord } from '../../exports/words';
import { plainText } from '../../i18n';
import { type People, personOf } from '../../people';
import { usersService } from '../users/users.service';
import type { ShipmentFilter, ShipmentPageOptions, ShipmentRow } from './shipments.repository';
import { shipmentsRepository } from './shipments.repository';
import { deliveryPlaceOf } from './truckload-stops';

type Row = { shipment: ShipmentRow; people: People };

/** My Shipments' export columns: what the list shows, one fact a column, amounts in the shipment's currency. */
export function shipmentExportColumns(language: Language, timeZone: string): ExportColumn<Row>[] {
  const yesNo = (b: boolean) => exportWord(language, b ? 'values.yes' : 'values.no');
  return [
    { key: 'bol_number', value: ({ shipment: s }) => s.bolNumber },
    { key: 'pro_number', value: ({ shipment: s }) => s.proNumber },
    { key: 'tracking_number', value: ({ shipment: s }) => s.trackingNumber },
    { key: 'reference_type', value: ({ shipment: s }) => s.referenceType },
    { key: 'reference_number', value: ({ shipment: s }) => s.referenceNumber },
    { key: 'status', value: ({ shipment: s }) => plainText(language, `tracking.status.${s.status}`) },
    { key: 'action_required', value: ({ shipment: s }) => yesNo(s.actionRequired) },
    { key: 'mode', value: ({ shipment: s }) => exportWord(language, `values.modes.${s.mode}`) },
    { key: 'carrier', value: ({ shipment: s }) => s.carrierName },
    { key: 'scac', value: ({ shipment: s }) => s.scac },
    { key: 'pickup_date', kind: 'date', value: ({ shipment: s }) => s.pickupDate },
    { key: 'estimated_delivery', kind: 'date', value: ({ shipment: s }) => s.shownEstimatedDelivery },
    { key: 'origin_company', value: ({ shipment: s }) => (s.pickup as PlaceView).company },
    { key: 'origin_city', value: ({ shipment: s }) => s.originCity },
    { key: 'origin_state', value: ({ shipment: s }) => s.originState },
    { key: 'origin_postal_code', value: ({ shipment: s }) => s.originPostalCode },
    { key: 'origin_country', value: ({ shipment: s }) => s.originCountry },
    { key: 'destination_company', value: ({ shipment: s }) => deliveryPlaceOf(s).company },
    { key: 'destination_city', value: ({ shipment: s }) => s.destinationCity },
    { key: 'destination_state', value: ({ shipment: s }) => s.destinationState },
    { key: 'destination_postal_code', value: ({ shipment: s }) => s.destinationPostalCode },
    { key: 'destination_country', value: ({ shipment: s }) => s.destinationCountry },
    { key: 'total', kind: 'money', value: ({ shipment: s }) => s.totalCents },
    { key: 'currency', value: ({ shipment: s }) => s.currency },
    { key: 'booked_by', value: ({ shipment: s, people }) => personOf(people, s.userId, s.accountId)?.name ?? '' },
    { key: 'booked_at', kind: 'datetime', value: ({ shipment: s }) => zonedDateTime(s.createdAt, timeZone) },
  ];
}

export interface ShipmentExportRequest {
  accountId: string;
  format: ExportFormat;
  language: Language;
  /** The list's filter and order, as its page reads them. */
  filter: ShipmentFilter & Pick<ShipmentPageOptions, 'sort' | 'dir'>;
  /** The file's name ('shipments', 'analytics-shipments'). */
  name: string;
}

/**
 * My Shipments as a file (and the shipments behind an Analytics figure, which are My Shipments
 * narrowed): the list's own filter and order, read in keyset batches, each batch's bookers
 * named in one lookup.
 */
export function shipmentsExport(ctx: AppContext) {
  const repo = shipmentsRepository(ctx.db);
  const users = usersService(ctx.db);
  return async (reply: Parameters<typeof sendExport>[0], req: ShipmentExportRequest) => {
    const zone = ctx.config.BUSINESS_TIME_ZONE;
    const total = await repo.count(req.accountId, req.filter);
    const batches = (async function* () {
      for await (const rows of await repo.batches(req.accountId, req.filter)) {
        const people = await users.people(rows.map((r) => r.userId));
        yield rows.map((shipment) => ({ shipment, people }));
      }
    })();
    return sendExport(reply, {
      format: req.format,
      language: req.language,
      name: req.name,
      sheet: 'shipments',
      day: zonedDateTime(ctx.now(), zone).slice(0, 10),
      columns: shipmentExportColumns(req.language, zone),
      batches,
      total,
    });
  };
}
