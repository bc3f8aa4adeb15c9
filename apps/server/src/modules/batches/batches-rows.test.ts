import { describe, expect, it } from 'vitest';
import { templateRows } from './batches-rows';

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
