/**
 * The Carta Porte: the CFDI 4.0 "traslado" (type T) with its Carta Porte 3.1 complement that a
 * truck needs on Mexican roads. This builds the document a certifier (PAC) seals and stamps: its
 * Sello, NoCertificado and Certificado are left empty for the certifier's "issue" service, which
 * signs with the issuer's certificate it keeps. Values follow the SAT's Anexo 20 and the Carta
 * Porte 3.1 filling guide; what is not known here (the foreign party's tax number) is left out.
 */

import { zonedDateTime } from '../zoned-time';

/** The units a line may be counted in (c_ClaveUnidad keys), the common ones of freight. */
export const SAT_UNITS = ['H87', 'XBX', 'XPX', 'XCR', 'XBA', 'XBG', 'KGM', 'LTR'] as const;
export type SatUnit = (typeof SAT_UNITS)[number];

/** A Carta Porte goods key (c_ClaveProdServCP) has 8 digits; the catalog says which exist. */
export const isSatKeyForm = (key: string) => /^\d{8}$/.test(key);

export interface CartaPorteParty {
  rfc: string;
  name: string;
  /** c_Estado (NLE, TAM...), or the state or province abroad. */
  state: string;
  /** ISO 3166 alpha-3 (MEX, USA, CAN). */
  country: string;
  postalCode: string;
  /** The party abroad's country of tax residence (with the generic foreign RFC). */
  residency?: string;
}

export interface CartaPorteGood {
  key: string;
  description: string;
  quantity: number;
  unit: SatUnit;
  weightKg: number;
  valueCents: number;
  currency: string;
  /** The Mexican tariff fraction (8 digits) when the HS code names one. */
  fraction?: string | null;
}

export interface CartaPorteTruck {
  permitType: string;
  permitNumber: string;
  configuration: string;
  /** The truck's gross weight in tonnes. */
  grossWeightTonnes: number;
  plate: string;
  modelYear: number;
  insurer: string;
  policy: string;
  trailer?: { subtype: string; plate: string } | null;
}

export interface CartaPorteDriver {
  rfc: string;
  licence: string;
  name: string;
}

export interface CartaPorteInput {
  /** The provider's Mexican entity, which issues it (and receives it: a traslado moves, it does not sell). */
  issuer: { rfc: string; name: string; regime: string; postalCode: string };
  series: string;
  folio: string;
  /** The issue date-time in Mexico's local time, 'YYYY-MM-DDTHH:mm:ss'. */
  issuedAt: string;
  /** The Carta Porte's own id: 'CCC' and 33 characters of a UUID (idCcp). */
  idCcp: string;
  /** Goods entering Mexico or leaving it, and the country abroad (alpha-3). */
  direction: 'Entrada' | 'Salida';
  foreignCountry: string;
  origin: CartaPorteParty & { departure: string };
  destination: CartaPorteParty & { arrival: string; distanceKm: number };
  goods: readonly CartaPorteGood[];
  /** Into Mexico: the broker's pedimento (21-character printed form) and the importer's RFC. */
  pedimento?: { number: string; importerRfc: string } | null;
  truck: CartaPorteTruck;
  driver: CartaPorteDriver;
}

/**
 * A CFDI's date-time, 'YYYY-MM-DDTHH:mm:ss' on Mexico City's wall clock, as issue and stamp dates
 * are written (the seconds are the same in every zone of whole-minute offset).
 */
export const cfdiDateTime = (at: Date) => `${zonedDateTime(at, 'America/Mexico_City')}:${String(at.getUTCSeconds()).padStart(2, '0')}`;

/** IdCCP: 'CCC' then a UUID's last 33 characters (its form in the complement's schema). */
export const idCcp = (uuid: string) => `CCC${uuid.slice(3)}`;

const xmlAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\r\n\t]+/g, ' ');

/** Descriptions and names: collapsed spaces, no pipe (the original string's separator), cut to the schema's length. */
const text = (value: string, max: number) => value.replace(/\|/g, '/').replace(/\s+/g, ' ').trim().slice(0, max) || '-';

const decimals = (value: number, places: number) => value.toFixed(places);

function element(name: string, attributes: Record<string, string | number | null | undefined>, children: string[] = []) {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlAttribute(String(v))}"`)
    .join('');
  return children.length ? `<${name}${attrs}>${children.join('')}</${name}>` : `<${name}${attrs}/>`;
}

/** A party's place: the RFC, its foreign residence with the generic RFC, and the address the guide asks (state, country, postal code). */
function location(kind: 'Origen' | 'Destino', id: string, party: CartaPorteParty, when: string, distanceKm?: number) {
  return element(
    'cartaporte31:Ubicacion',
    {
      TipoUbicacion: kind,
      IDUbicacion: id,
      RFCRemitenteDestinatario: party.rfc,
      NombreRemitenteDestinatario: text(party.name, 254),
      ResidenciaFiscal: party.residency,
      FechaHoraSalidaLlegada: when,
      DistanciaRecorrida: distanceKm === undefined ? undefined : decimals(Math.max(0.01, distanceKm), 2),
    },
    [element('cartaporte31:Domicilio', { Estado: party.state, Pais: party.country, CodigoPostal: party.postalCode })],
  );
}

function good(g: CartaPorteGood, input: CartaPorteInput) {
  const customsDocument = input.pedimento
    ? [
        element('cartaporte31:DocumentacionAduanera', {
          TipoDocumento: '01',
          NumPedimento: input.pedimento.number,
          RFCImpo: input.pedimento.importerRfc,
        }),
      ]
    : [];
  return element(
    'cartaporte31:Mercancia',
    {
      BienesTransp: g.key,
      Descripcion: text(g.description, 1000),
      Cantidad: decimals(g.quantity, 0),
      ClaveUnidad: g.unit,
      PesoEnKg: decimals(Math.max(0.001, g.weightKg), 3),
      ValorMercancia: decimals(g.valueCents / 100, 2),
      Moneda: g.currency,
      FraccionArancelaria: g.fraction,
      // A finished good (03) is what crosses here; the guide asks the state of the goods on a move abroad.
      TipoMateria: '03',
    },
    customsDocument,
  );
}

function complement(input: CartaPorteInput) {
  const totalKg = input.goods.reduce((sum, g) => sum + Math.max(0.001, g.weightKg), 0);
  const { truck, driver } = input;
  const vehicle = element('cartaporte31:Autotransporte', { PermSCT: truck.permitType, NumPermisoSCT: truck.permitNumber }, [
    element('cartaporte31:IdentificacionVehicular', {
      ConfigVehicular: truck.configuration,
      PesoBrutoVehicular: decimals(truck.grossWeightTonnes, 2),
      PlacaVM: truck.plate,
      AnioModeloVM: truck.modelYear,
    }),
    element('cartaporte31:Seguros', { AseguraRespCivil: text(truck.insurer, 50), PolizaRespCivil: text(truck.policy, 30) }),
    ...(truck.trailer
      ? [
          element('cartaporte31:Remolques', {}, [
            element('cartaporte31:Remolque', { SubTipoRem: truck.trailer.subtype, Placa: truck.trailer.plate }),
          ]),
        ]
      : []),
  ]);
  return element(
    'cartaporte31:CartaPorte',
    {
      Version: '3.1',
      IdCCP: input.idCcp,
      TranspInternac: 'Sí',
      EntradaSalidaMerc: input.direction,
      PaisOrigenDestino: input.foreignCountry,
      ViaEntradaSalida: '01',
      TotalDistRec: decimals(Math.max(0.01, input.destination.distanceKm), 2),
    },
    [
      element('cartaporte31:RegimenesAduaneros', {}, [
        element('cartaporte31:RegimenAduaneroCCP', { RegimenAduanero: input.direction === 'Entrada' ? 'IMD' : 'EXD' }),
      ]),
      element('cartaporte31:Ubicaciones', {}, [
        location('Origen', 'OR000001', input.origin, input.origin.departure),
        location('Destino', 'DE000001', input.destination, input.destination.arrival, input.destination.distanceKm),
      ]),
      element(
        'cartaporte31:Mercancias',
        { PesoBrutoTotal: decimals(totalKg, 3), UnidadPeso: 'KGM', NumTotalMercancias: input.goods.length },
        [...input.goods.map((g) => good(g, input)), vehicle],
      ),
      element('cartaporte31:FiguraTransporte', {}, [
        element('cartaporte31:TiposFigura', {
          TipoFigura: '01',
          RFCFigura: driver.rfc,
          NumLicencia: driver.licence,
          NombreFigura: text(driver.name, 254),
        }),
      ]),
    ],
  );
}

/** The unsealed CFDI 4.0 traslado with its Carta Porte 3.1 complement, as the certifier's issue service takes it. */
export function cartaPorteXml(input: CartaPorteInput): string {
  const concepts = input.goods.map((g) =>
    element('cfdi:Concepto', {
      ClaveProdServ: g.key,
      Cantidad: decimals(g.quantity, 0),
      ClaveUnidad: g.unit,
      Descripcion: text(g.description, 1000),
      ValorUnitario: '0',
      Importe: '0',
      // A traslado carries no tax.
      ObjetoImp: '01',
    }),
  );
  const { issuer } = input;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(
    'cfdi:Comprobante',
    {
      'xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
      'xmlns:cartaporte31': 'http://www.sat.gob.mx/CartaPorte31',
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation':
        'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/CartaPorte31 http://www.sat.gob.mx/sitio_internet/cfd/CartaPorte/CartaPorte31.xsd',
      Version: '4.0',
      Serie: input.series,
      Folio: input.folio,
      Fecha: input.issuedAt,
      SubTotal: '0',
      Moneda: 'XXX',
      Total: '0',
      TipoDeComprobante: 'T',
      Exportacion: '01',
      LugarExpedicion: issuer.postalCode,
    },
    [
      element('cfdi:Emisor', { Rfc: issuer.rfc, Nombre: text(issuer.name, 254), RegimenFiscal: issuer.regime }),
      element('cfdi:Receptor', {
        Rfc: issuer.rfc,
        Nombre: text(issuer.name, 254),
        DomicilioFiscalReceptor: issuer.postalCode,
        RegimenFiscalReceptor: issuer.regime,
        UsoCFDI: 'S01',
      }),
      element('cfdi:Conceptos', {}, concepts),
      element('cfdi:Complemento', {}, [complement(input)]),
    ],
  )}\n`;
}
