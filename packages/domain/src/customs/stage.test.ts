import { describe, expect, it } from 'vitest';
import { type CrossingEvent, customsStage } from './stage';

const booked = new Date('2026-11-23T15:00:00Z');
const at = (iso: string, statusCode: string, city: string, state: string, reasonCode: string | null = null): CrossingEvent => ({
  statusCode,
  reasonCode,
  city,
  state,
  occurredAt: new Date(iso),
});
const intoMexico = (events: CrossingEvent[], over: object = {}) =>
  customsStage({
    crossing: { port: 'laredo', kind: 'transfer' },
    originCountry: 'US',
    declared: true,
    entryNumber: null,
    correctedAt: null,
    bookedAt: booked,
    events,
    ...over,
  });

describe('customsStage', () => {
  const arrived = at('2026-11-25T20:10:00Z', 'X4', 'Laredo', 'TX');
  const held = at('2026-11-25T22:40:00Z', 'SD', 'Nuevo Laredo', 'TAM', 'BC');

  it('before the border: documents missing, then waiting for the broker, then ready, since the booking', () => {
    const pickedUp = [at('2026-11-24T15:00:00Z', 'AF', 'Chicago', 'IL')];
    expect(intoMexico(pickedUp, { declared: false })).toEqual({ stage: 'documents_missing', since: booked });
    expect(intoMexico(pickedUp)).toEqual({ stage: 'waiting_for_broker', since: booked });
    expect(intoMexico(pickedUp, { entryNumber: '26  24  3456  6001234' })).toEqual({ stage: 'ready', since: booked });
  });

  it('at the border from its first event in either city of the port, whatever its code', () => {
    expect(intoMexico([arrived])).toEqual({ stage: 'at_border', since: arrived.occurredAt });
    expect(intoMexico([at('2026-11-25T20:10:00Z', 'I1', 'nuevo laredo', 'tam')]).stage).toBe('at_border');
  });

  it('held until a corrected document is sent after the hold, then at the border again', () => {
    expect(intoMexico([arrived, held])).toEqual({ stage: 'held', since: held.occurredAt });
    expect(intoMexico([arrived, held], { correctedAt: new Date('2026-11-25T20:00:00Z') }).stage).toBe('held');
    const corrected = new Date('2026-11-26T14:00:00Z');
    expect(intoMexico([arrived, held], { correctedAt: corrected })).toEqual({ stage: 'at_border', since: corrected });
  });

  it('released by an RH on the entered side or any event past the port; an export release is not the entry', () => {
    const released = at('2026-11-26T15:15:00Z', 'RH', 'Nuevo Laredo', 'TAM');
    expect(intoMexico([arrived, held, released])).toEqual({ stage: 'released', since: released.occurredAt });
    const onward = at('2026-11-27T10:00:00Z', 'X4', 'Monterrey', 'NLE');
    expect(intoMexico([arrived, onward])).toEqual({ stage: 'released', since: onward.occurredAt });
    // Leaving Mexico: Mexican customs' release on the near side is the export's, not the U.S. entry.
    const northbound = (events: CrossingEvent[]) =>
      customsStage({
        crossing: { port: 'laredo', kind: 'transfer' },
        originCountry: 'MX',
        declared: true,
        entryNumber: 'X',
        correctedAt: null,
        bookedAt: booked,
        events,
      });
    const atNuevoLaredo = at('2026-11-25T20:10:00Z', 'X4', 'Nuevo Laredo', 'TAM');
    expect(northbound([atNuevoLaredo, at('2026-11-25T21:10:00Z', 'RH', 'Nuevo Laredo', 'TAM')]).stage).toBe('at_border');
    expect(northbound([atNuevoLaredo, at('2026-11-25T23:10:00Z', 'RH', 'Laredo', 'TX')]).stage).toBe('released');
  });

  it('a release followed by a new hold is held again', () => {
    const released = at('2026-11-26T15:15:00Z', 'RH', 'Nuevo Laredo', 'TAM');
    const heldAgain = at('2026-11-26T16:00:00Z', 'SD', 'Nuevo Laredo', 'TAM', 'AS');
    expect(intoMexico([arrived, released, heldAgain])).toEqual({ stage: 'held', since: heldAgain.occurredAt });
  });
});
