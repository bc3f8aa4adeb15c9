import type { Language } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';
import type { People } from '../../people';
import { type ShipmentRow, shipmentExportColumns } from '../shipments/shipments.service';

type Row = { shipment: ShipmentRow; people: People; accountName: string };

/** Admin Shipments' columns: the account, then My Shipments' own (the same facts, the same words). */
export function adminShipmentExportColumns(language: Language, timeZone: string): ExportColumn<Row>[] {
  return [{ key: 'account', value: (row) => row.accountName }, ...shipmentExportColumns(language, timeZone)];
}
