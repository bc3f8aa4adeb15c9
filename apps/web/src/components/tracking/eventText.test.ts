import { EDI_214_STATUS_CODES } from '@freight/domain';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { eventText } from './eventText';

const inSpanish = (event: Parameters<typeof eventText>[0]) => eventText(event, i18n.getFixedT('es'), i18n);

describe('eventText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("words the portal's own texts in the reader's language, whatever their case or closing period", () => {
    expect(inSpanish({ status_code: 'X6', description: 'Out for delivery' })).toBe('En ruta de entrega');
    expect(inSpanish({ status_code: 'af', description: ' picked up. ' })).toBe('Recolectado');
    expect(inSpanish({ status_code: 'X4', description: 'Arrived at hub terminal' })).toBe('Llegó a la terminal de conexión');
    expect(inSpanish({ status_code: 'CA', description: 'Canceled by the shipper' })).toBe('Cancelado por el remitente');
    expect(eventText({ status_code: 'X6', description: 'Out for delivery' }, i18n.getFixedT('en'), i18n)).toBe('Out for delivery');
  });

  it("keeps a carrier's own text as it came, and ours under another status code too", () => {
    expect(inSpanish({ status_code: 'D1', description: 'Delivered, signed by L GARZA' })).toBe('Delivered, signed by L GARZA');
    expect(inSpanish({ status_code: 'X6', description: 'Delivered' })).toBe('Delivered');
  });

  it('words an event without text by its status code, and its reason when the carrier gave one', () => {
    expect(inSpanish({ status_code: 'X4', description: '' })).toBe('Llegó a la terminal');
    expect(inSpanish({ status_code: 'SD', reason_code: 'AO', description: '' })).toBe('Envío retrasado (mal tiempo)');
    expect(inSpanish({ status_code: 'SD', reason_code: 'ZZ', description: '' })).toBe('Envío retrasado');
    expect(inSpanish({ status_code: 'QQ', description: '' })).toBe('');
  });

  it('has words for every 214 status code the portal understands, in both languages', () => {
    for (const code of EDI_214_STATUS_CODES) {
      for (const lng of ['en', 'es']) expect(i18n.exists(`tracking.code.${code}`, { lng }), `${lng} ${code}`).toBe(true);
    }
  });

  it('follows a language switch', async () => {
    await i18n.changeLanguage('es');
    expect(eventText({ status_code: 'D1', description: 'Delivered' }, i18n.t, i18n)).toBe('Entregado');
    await i18n.changeLanguage('en');
    expect(eventText({ status_code: 'D1', description: 'Delivered' }, i18n.t, i18n)).toBe('Delivered');
  });
});
