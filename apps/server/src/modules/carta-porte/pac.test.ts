import { cartaPorteXml } from '@freight/domain/customs';
import { CARTA_PORTE_SAMPLE } from '@freight/domain/customs/carta-porte-sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swCertifier } from './pac.client';
import { startPacSimulator } from './pac.simulator';
import { schemaErrors } from './sat-schemas';

const credentials = { user: 'portal', password: 'secret-password-1' };
const now = new Date('2026-12-01T17:00:00Z'); // 11:00 in Mexico City
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
beforeAll(async () => {
  pac = await startPacSimulator({ ...credentials, issuerRfc: 'EKU9003173C9', now: () => now });
});
afterAll(() => pac.close());

const certifier = (over: Partial<typeof credentials> = {}) => swCertifier({ url: pac.url, ...credentials, ...over, now: () => now });

describe('the certifier adapter and its simulator (SW sapien protocol)', () => {
  it('seals and stamps a Carta Porte that the SAT schema then accepts', async () => {
    const result = await certifier().issue(cartaPorteXml(CARTA_PORTE_SAMPLE));
    expect(result).toMatchObject({ ok: true, uuid: expect.stringMatching(/^[0-9A-F-]{36}$/), stampedAt: '2026-12-01T11:00:00' });
    if (!result.ok) return;
    expect(result.xml).toMatch(/NoCertificado="\d{20}"/);
    expect(result.xml).toContain(`<tfd:TimbreFiscalDigital`);
    expect(result.xml).toContain(`UUID="${result.uuid}"`);
    expect(await schemaErrors(result.xml)).toEqual([]);
  });

  it('says what the certifier refused: wrong credentials, an issuer it has no certificate for, a stale date, a document off the schema', async () => {
    const xml = cartaPorteXml(CARTA_PORTE_SAMPLE);
    expect(await certifier({ password: 'wrong-password-1' }).issue(xml)).toMatchObject({
      ok: false,
      refused: false,
      reason: expect.stringContaining('authentication'),
    });
    const other = cartaPorteXml({ ...CARTA_PORTE_SAMPLE, issuer: { ...CARTA_PORTE_SAMPLE.issuer, rfc: 'AAA010101AAA' } });
    expect(await certifier().issue(other)).toMatchObject({ ok: false, refused: true, reason: expect.stringContaining('CSD') });
    const stale = cartaPorteXml({ ...CARTA_PORTE_SAMPLE, issuedAt: '2026-11-27T10:00:00' });
    expect(await certifier().issue(stale)).toMatchObject({ ok: false, refused: true, reason: expect.stringContaining('72 horas') });
    const offSchema = cartaPorteXml({ ...CARTA_PORTE_SAMPLE, truck: { ...CARTA_PORTE_SAMPLE.truck, configuration: 'ZZZ' } });
    expect(await certifier().issue(offSchema)).toMatchObject({
      ok: false,
      refused: true,
      reason: expect.stringContaining('ConfigVehicular'),
    });
  });

  it('answers a certifier out of reach without throwing', async () => {
    const away = swCertifier({ url: 'http://127.0.0.1:9', ...credentials, timeoutMs: 2000 });
    expect(await away.issue('<x/>')).toMatchObject({ ok: false, refused: false, reason: expect.stringContaining('network') });
  });
});
