import { BATCH_CSV_COLUMNS } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../csv/csv';
import { asBatchFile, templateRows } from './batches-rows';

describe('the batch template’s example row', () => {
  it('is picked up on its origin’s next pickup day, past holidays and the weekend', () => {
    // 10:00 in Chicago on Wednesday 23 December 2026: Christmas Eve and Christmas close, then the weekend.
    expect(templateRows(new Date('2026-12-23T16:00:00Z'))[0]?.pickup_date).toBe('2026-12-28');
  });

  it('leaves one more pickup day once the day’s cut-off has passed', () => {
    expect(templateRows(new Date('2026-12-23T21:00:00Z'), '14:00')[0]?.pickup_date).toBe('2026-12-29');
  });

  it('is picked up the next day when that is an open weekday', () => {
    expect(templateRows(new Date('2026-12-01T15:00:00Z'), '14:00')[0]?.pickup_date).toBe('2026-12-02');
  });
});

describe('rows as the batch file they stand for', () => {
  it('is the file writeCsv writes, in pieces of fifty rows after the header', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      client_ref: i % 7 ? `PO-${i}` : '=1+1',
      origin_postal_code: '60607',
      hazardous: i % 2 === 0,
    }));
    const pieces: string[] = [];
    const file = asBatchFile(rows);
    if (typeof file === 'string') throw new Error('expected pieces');
    for await (const piece of file) pieces.push(piece);
    // The header, then 50, 50 and 20 rows; a formula-like reference neutralised as in any export.
    expect(pieces).toHaveLength(4);
    expect(pieces.slice(1).map((p) => p.split('\r\n').length - 1)).toEqual([50, 50, 20]);
    expect(pieces.join('')).toBe(writeCsv(BATCH_CSV_COLUMNS, rows));
  });
});
