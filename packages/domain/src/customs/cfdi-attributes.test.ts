import { describe, expect, it } from 'vitest';
import { cfdiAttribute, cfdiElements } from './cfdi-attributes';

const xml =
  '<cfdi:Comprobante Version="4.0" Folio="BOL-1"><cfdi:Emisor Rfc="EKU9003173C9" Nombre="A &amp; B &quot;MX&quot;"/>' +
  '<cartaporte31:Ubicacion TipoUbicacion="Origen" IDUbicacion="OR000001"/><cartaporte31:Ubicacion TipoUbicacion="Destino" DistanciaRecorrida="12.5"/></cfdi:Comprobante>';

describe('a CFDI read by its attributes', () => {
  it('reads every element of a tag, unescaped', () => {
    expect(cfdiElements(xml, 'cartaporte31:Ubicacion').map((u) => u.TipoUbicacion)).toEqual(['Origen', 'Destino']);
    expect(cfdiAttribute(xml, 'cfdi:Emisor', 'Nombre')).toBe('A & B "MX"');
  });

  it('matches an element by its leading attribute, and answers null for what is missing', () => {
    expect(cfdiAttribute(xml, 'cartaporte31:Ubicacion TipoUbicacion="Destino"', 'DistanciaRecorrida')).toBe('12.5');
    expect(cfdiAttribute(xml, 'cfdi:Receptor', 'Rfc')).toBeNull();
    expect(cfdiAttribute(xml, 'cfdi:Comprobante', 'Sello')).toBeNull();
  });
});
