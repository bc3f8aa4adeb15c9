import { formatNmfc, type Paginated, type Part, type PartSuggestion, type PartValues } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { pageMeta } from '../../paging';
import type { PartRow } from './part-catalog.repository';

/** The part's values (contracts `PartValues`), as the form sends them, a CSV row holds them and the audit log keeps them. */
export const partValues = (row: PartRow): PartValues => ({
  description_en: row.descriptionEn,
  description_es: row.descriptionEs,
  nmfc_item: row.nmfcItem,
  nmfc_sub: row.nmfcSub,
  freight_class: row.freightClass as PartValues['freight_class'],
  density_based: row.densityBased,
  hazardous: row.hazardous,
  hs_code: row.hsCode,
});

/** A part as staff edit it. */
export function presentPart(row: PartRow): Part {
  return { id: row.id, ...partValues(row), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export function presentPartsPage(rows: PartRow[], total: number, page: number, perPage: number): Paginated<Part> {
  return { data: rows.map(presentPart), meta: pageMeta(total, page, perPage) };
}

/** A suggestion, in the reader's language. */
export function presentSuggestion(row: PartRow, language: Language): PartSuggestion {
  return {
    id: row.id,
    description: language === 'es' ? row.descriptionEs : row.descriptionEn,
    nmfc_item: row.nmfcItem,
    nmfc_sub: row.nmfcSub,
    nmfc: formatNmfc(row.nmfcItem, row.nmfcSub),
    freight_class: row.freightClass,
    density_based: row.densityBased,
    hazardous: row.hazardous,
    hs_code: row.hsCode,
  };
}
