import { describe, expect, it } from 'vitest';
import { demoPodHasException, demoProofOfDelivery } from './demo-pod';
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './signature-png';

const ids: string[] = Array.from(
  { length: 2000 },
  (_, i) => `5f0c${String(i).padStart(4, '0')}-1111-4222-8333-${String(i * 7919).padStart(12, '0')}`,
);
const [ID0 = '', ID1 = '', ID2 = ''] = ids;
const shipment = (id: string) => ({ id, contact: { first_name: 'Dana', last_name: 'Receiver' }, units: 4 });

describe('the demo carriers delivery receipt', () => {
  it('is the same for the same shipment: signer, time, exceptions and the signature bytes', () => {
    for (const id of ids.slice(0, 20)) {
      const a = demoProofOfDelivery(shipment(id), '2026-11-20T15:30:00-06:00');
      const b = demoProofOfDelivery(shipment(id), '2026-11-20T15:30:00-06:00');
      expect(b.signerName).toBe(a.signerName);
      expect(b.exceptions).toEqual(a.exceptions);
      expect(b.signaturePng.equals(a.signaturePng)).toBe(true);
    }
  });

  it('is signed at the delivery event time', () => {
    expect(demoProofOfDelivery(shipment(ID0), '2026-11-20T15:30:00-06:00').signedAt.toISOString()).toBe('2026-11-20T21:30:00.000Z');
  });

  it('notes an exception on about 8% of shipments, each plausible', () => {
    const withException = ids.filter(demoPodHasException);
    expect(withException.length / ids.length).toBeGreaterThan(0.06);
    expect(withException.length / ids.length).toBeLessThan(0.1);
    for (const id of withException.slice(0, 20)) {
      const [exception, ...more] = demoProofOfDelivery(shipment(id), '2026-11-20T15:30:00-06:00').exceptions;
      expect(more).toEqual([]);
      expect(['damage', 'shortage', 'refused']).toContain(exception?.kind);
      expect(exception?.pieces).toBeGreaterThanOrEqual(1);
      expect(exception?.pieces).toBeLessThanOrEqual(3);
      expect(exception?.note).not.toBe('');
    }
    const clean = ids.find((id) => !demoPodHasException(id)) as string;
    expect(demoProofOfDelivery(shipment(clean), '2026-11-20T15:30:00-06:00').exceptions).toEqual([]);
  });

  it('is signed by the delivery contact or a clerk at the dock, with a PNG of the signature', () => {
    const signers = new Set(ids.slice(0, 60).map((id) => demoProofOfDelivery(shipment(id), '2026-11-20T15:30:00-06:00').signerName));
    expect(signers.has('Dana Receiver')).toBe(true);
    expect(signers.size).toBeGreaterThan(3);
    const png = demoProofOfDelivery(shipment(ID1), '2026-11-20T15:30:00-06:00').signaturePng;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(SIGNATURE_WIDTH);
    expect(png.readUInt32BE(20)).toBe(SIGNATURE_HEIGHT);
    const noContact = demoProofOfDelivery({ id: ID2, contact: null, units: 1 }, '2026-11-20T15:30:00-06:00');
    expect(noContact.signerName).not.toBe('');
  });
});
