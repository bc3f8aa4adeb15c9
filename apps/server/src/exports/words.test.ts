import { describe, expect, it } from 'vitest';
import { shipmentExportColumns } from '../modules/shipments/shipments.export';
import { EXPORT_CATALOGS, exportWord } from './words';

const keys = (tree: unknown, prefix = ''): string[] =>
  tree && typeof tree === 'object'
    ? Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

describe("the exports' words", () => {
  it('has every key in both languages', () => {
    expect(keys(EXPORT_CATALOGS.es).sort()).toEqual(keys(EXPORT_CATALOGS.en).sort());
  });

  it('names every column, falling back to English, then to the key', () => {
    for (const c of shipmentExportColumns('es', 'America/Chicago')) expect(exportWord('es', `columns.${c.key}`)).not.toMatch(/^columns\./);
    expect(exportWord('es', 'columns.pickup_date')).toBe('Fecha de recolección');
    expect(exportWord('es', 'columns.nothing')).toBe('columns.nothing');
  });
});
