import { describe, expect, it } from 'vitest';
import { cartaPorteXml } from './carta-porte';
import { CARTA_PORTE_SAMPLE } from './carta-porte-sample';

describe('the Carta Porte XML', () => {
  it('is a CFDI 4.0 traslado from the issuer to itself, left for the certifier to seal', () => {
    const xml = cartaPorteXml(CARTA_PORTE_SAMPLE);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<cfdi:Comprobante /);
    for (const part of ['Version="4.0"', 'TipoDeComprobante="T"', 'SubTotal="0"', 'Total="0"', 'Moneda="XXX"', 'LugarExpedicion="42501"']) {
      expect(xml).toContain(part);
    }
    expect(xml).toContain('<cfdi:Receptor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="42501"');
    expect(xml).not.toMatch(/Sello=|NoCertificado=|Certificado=/);
  });

  it('escapes what a user typed and keeps the original string’s separator out', () => {
    const xml = cartaPorteXml(CARTA_PORTE_SAMPLE);
    expect(xml).toContain('NombreRemitenteDestinatario="Acme &amp; Sons &lt;Chicago&gt;"');
    expect(xml).toContain('Descripcion="Laptops / boxed"');
  });

  it('states the move abroad, both places, the goods with their pedimento, the truck and the driver', () => {
    const xml = cartaPorteXml(CARTA_PORTE_SAMPLE);
    expect(xml).toContain('IdCCP="CCC85f64-5717-4562-b3fc-2c963f66afa6"');
    expect(xml).toContain(
      'TranspInternac="Sí" EntradaSalidaMerc="Entrada" PaisOrigenDestino="USA" ViaEntradaSalida="01" TotalDistRec="229.40"',
    );
    expect(xml).toContain('<cartaporte31:RegimenAduaneroCCP RegimenAduanero="IMD"/>');
    expect(xml).toContain('IDUbicacion="OR000001"');
    expect(xml).toContain('IDUbicacion="DE000001"');
    expect(xml).toContain('PesoBrutoTotal="381.018" UnidadPeso="KGM" NumTotalMercancias="1"');
    expect(xml).toContain('NumPedimento="26  24  3456  6001234"');
    expect(xml).toContain('<cartaporte31:Remolque SubTipoRem="CTR004" Placa="82UX4W"/>');
    expect(xml).toContain('TipoFigura="01" RFCFigura="TESR800315AB1" NumLicencia="FED0123456" NombreFigura="Ramiro Treviño Salas"');
  });

  it('leaving Mexico is an export without a pedimento', () => {
    const xml = cartaPorteXml({ ...CARTA_PORTE_SAMPLE, direction: 'Salida', pedimento: null });
    expect(xml).toContain('EntradaSalidaMerc="Salida"');
    expect(xml).toContain('RegimenAduanero="EXD"');
    expect(xml).not.toContain('DocumentacionAduanera');
  });
});
