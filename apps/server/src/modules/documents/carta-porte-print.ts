import { cfdiElements } from '@freight/domain/customs';
import { toBuffer as qrPng } from 'bwip-js/node';
import { type DocumentOptions, documentText, oneLine } from './pdf';
import { statementDocument } from './statement-pdf';

const first = (xml: string, name: string) => cfdiElements(xml, name)[0] ?? {};

/**
 * The SAT's verification address of a stamped CFDI, which the printed copy carries as a QR code:
 * the folio, both RFCs, the total and the seal's last eight characters (Anexo 20).
 */
export function verificationUrl(xml: string) {
  const c = first(xml, 'cfdi:Comprobante');
  const stamp = first(xml, 'tfd:TimbreFiscalDigital');
  const params = new URLSearchParams({
    id: stamp.UUID ?? '',
    re: first(xml, 'cfdi:Emisor').Rfc ?? '',
    rr: first(xml, 'cfdi:Receptor').Rfc ?? '',
    tt: Number(c.Total ?? 0).toFixed(6),
    fe: (c.Sello ?? '').slice(-8),
  });
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${params.toString()}`;
}

/**
 * The Carta Porte's printed copy ("representación impresa"), read from the stamped XML it
 * represents: the fiscal folio and who issued it, the move abroad, the two places, the goods with
 * their SAT keys and pedimento, the truck, its insurance and its driver, then the seals and the QR
 * code of the SAT's verification. The XML is the document; this copy says so.
 */
export async function buildCartaPortePrint(xml: string, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.carta_porte');
  const c = first(xml, 'cfdi:Comprobante');
  const issuer = first(xml, 'cfdi:Emisor');
  const cp = first(xml, 'cartaporte31:CartaPorte');
  const stamp = first(xml, 'tfd:TimbreFiscalDigital');
  const d = statementDocument(options, k('header'), `${c.Serie ?? ''}-${c.Folio ?? ''}`);
  d.heading(k('title'));
  d.note(k('subtitle'));
  d.facts([
    [k('uuid'), stamp.UUID ?? '—'],
    [k('id_ccp'), cp.IdCCP ?? '—'],
    [k('issued_at'), c.Fecha ?? '—'],
    [k('stamped_at'), stamp.FechaTimbrado ?? '—'],
    [k('issuer'), oneLine(`${issuer.Nombre ?? ''} (${issuer.Rfc ?? ''}), ${k('regime')} ${issuer.RegimenFiscal ?? ''}`)],
    [k('kind'), k('traslado')],
    [k('certificates'), `${c.NoCertificado ?? '—'} · SAT ${stamp.NoCertificadoSAT ?? '—'}`],
  ]);

  d.heading(k('international'));
  d.facts([
    [k('direction'), k(cp.EntradaSalidaMerc === 'Salida' ? 'exit' : 'entry', { country: cp.PaisOrigenDestino ?? '' })],
    [k('customs_regime'), first(xml, 'cartaporte31:RegimenAduaneroCCP').RegimenAduanero ?? '—'],
    [k('distance'), `${cp.TotalDistRec ?? '—'} km`],
  ]);

  d.heading(k('places'));
  const homes = cfdiElements(xml, 'cartaporte31:Domicilio');
  d.table(
    [
      { title: k('place'), width: 70 },
      { title: k('party'), width: 170 },
      { title: k('address'), width: 140 },
      { title: k('when'), width: 90 },
      { title: k('km'), width: 62, align: 'right' },
    ],
    cfdiElements(xml, 'cartaporte31:Ubicacion').map((u, n) => [
      k(u.TipoUbicacion === 'Destino' ? 'destination' : 'origin'),
      oneLine(
        `${u.NombreRemitenteDestinatario ?? ''} · RFC ${u.RFCRemitenteDestinatario ?? ''}${u.ResidenciaFiscal ? ` (${u.ResidenciaFiscal})` : ''}`,
      ),
      oneLine([homes[n]?.CodigoPostal, homes[n]?.Estado, homes[n]?.Pais].filter(Boolean).join(', ')),
      u.FechaHoraSalidaLlegada ?? '',
      u.DistanciaRecorrida ?? '',
    ]),
  );

  d.heading(k('goods'));
  const goods = first(xml, 'cartaporte31:Mercancias');
  const pedimentos = cfdiElements(xml, 'cartaporte31:DocumentacionAduanera');
  d.table(
    [
      { title: k('key'), width: 62 },
      { title: k('description'), width: 144 },
      { title: k('quantity'), width: 62, align: 'right' },
      { title: k('weight'), width: 70, align: 'right' },
      { title: k('fraction'), width: 100 },
      { title: k('value'), width: 94, align: 'right' },
    ],
    cfdiElements(xml, 'cartaporte31:Mercancia').map((g) => [
      g.BienesTransp ?? '',
      oneLine(g.Descripcion),
      `${g.Cantidad ?? ''} ${g.ClaveUnidad ?? ''}`,
      `${g.PesoEnKg ?? ''} kg`,
      g.FraccionArancelaria ?? '—',
      `${g.ValorMercancia ?? ''} ${g.Moneda ?? ''}`,
    ]),
  );
  d.note(
    [
      k('total_weight', { kg: goods.PesoBrutoTotal ?? '', count: Number(goods.NumTotalMercancias ?? 0) }),
      pedimentos[0]?.NumPedimento ? k('pedimento', { number: pedimentos[0].NumPedimento, rfc: pedimentos[0].RFCImpo ?? '' }) : '',
    ]
      .filter(Boolean)
      .join(' · '),
  );

  d.heading(k('truck'));
  const transport = first(xml, 'cartaporte31:Autotransporte');
  const vehicle = first(xml, 'cartaporte31:IdentificacionVehicular');
  const insurance = first(xml, 'cartaporte31:Seguros');
  const trailer = first(xml, 'cartaporte31:Remolque');
  const driver = first(xml, 'cartaporte31:TiposFigura');
  d.facts([
    [k('permit'), `${transport.PermSCT ?? ''} ${transport.NumPermisoSCT ?? ''}`],
    [
      k('vehicle'),
      `${vehicle.ConfigVehicular ?? ''} · ${vehicle.PlacaVM ?? ''} · ${vehicle.AnioModeloVM ?? ''} · ${vehicle.PesoBrutoVehicular ?? ''} t`,
    ],
    [k('trailer'), trailer.Placa ? `${trailer.SubTipoRem ?? ''} · ${trailer.Placa}` : '—'],
    [k('insurance'), oneLine(`${insurance.AseguraRespCivil ?? ''} · ${insurance.PolizaRespCivil ?? ''}`)],
    [k('driver'), oneLine(`${driver.NombreFigura ?? ''} · RFC ${driver.RFCFigura ?? ''} · ${k('licence')} ${driver.NumLicencia ?? ''}`)],
  ]);

  d.heading(k('seals'));
  d.note(`${k('seal_cfdi')}: ${c.Sello ?? ''}`);
  d.note(`${k('seal_sat')}: ${stamp.SelloSAT ?? ''}`);
  d.note(
    `${k('original_string')}: ||1.1|${stamp.UUID}|${stamp.FechaTimbrado}|${stamp.RfcProvCertif}|${stamp.SelloCFD}|${stamp.NoCertificadoSAT}||`,
  );
  const qr = await qrPng({ bcid: 'qrcode', text: verificationUrl(xml), scale: 3, paddingwidth: 0, paddingheight: 0 });
  d.gap(6);
  d.image(qr, 96, k('printed_note'));
  return d.finish();
}
