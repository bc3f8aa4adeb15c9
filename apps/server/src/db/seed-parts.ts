import type { PartValues } from '@freight/contracts';
import { partCatalogRepository } from '../modules/part-catalog/part-catalog.repository';
import { PART_TEMPLATE_ROW } from '../modules/part-catalog/part-catalog.service';
import type { Db } from './client';

type Seed = [en: string, es: string, item: string, sub: string, freightClass: number | null, hazardous?: boolean];

/**
 * The demo part catalog: common commodities with NMFC items and classes as a freight
 * desk would keep them; a null class is density-based (the class follows the shipment's density).
 */
const DEMO_PARTS: Seed[] = [
  [
    'Furniture, office desks, knocked down (flat-packed)',
    'Muebles, escritorios de oficina, desarmados (en caja plana)',
    '82280',
    '02',
    100,
  ],
  ['Furniture, bookcases, assembled', 'Muebles, libreros, armados', '82280', '06', 175],
  ['Mattresses and box springs', 'Colchones y bases de colchón', '80260', '', 150],
  ['Lamps, table or floor, with shades', 'Lámparas de mesa o de pie, con pantalla', '109290', '', 200],
  ['Auto parts, brake rotors and drums', 'Autopartes, discos y tambores de freno', '12670', '', 70],
  ['Auto parts, NOI (not otherwise indexed)', 'Autopartes, sin otra clasificación', '17820', '', null],
  ['Tires, pneumatic, rubber, new', 'Llantas neumáticas de hule, nuevas', '190540', '', 110],
  ['Engines, internal combustion, crated', 'Motores de combustión interna, en huacal', '66340', '', 85],
  ['Batteries, storage, wet, lead-acid', 'Baterías de almacenamiento, húmedas, de plomo-ácido', '60400', '', 65, true],
  ['Hydraulic pumps', 'Bombas hidráulicas', '116030', '', 85],
  ['Machinery, NOI, crated', 'Maquinaria, sin otra clasificación, en huacal', '114160', '', null],
  ['Machine parts, steel castings', 'Partes de maquinaria, piezas de acero fundido', '114420', '', 60],
  ['Compressors, air, with or without tanks', 'Compresores de aire, con o sin tanque', '114850', '', 77.5],
  ['Electronic equipment, computers and servers', 'Equipo electrónico, computadoras y servidores', '61680', '', null],
  ['Televisions, flat panel, boxed', 'Televisores de pantalla plana, en caja', '62850', '', 125],
  ['Electrical wire, copper, on reels', 'Alambre eléctrico de cobre, en carretes', '51100', '', 70],
  ['Paint, water-based (latex), in cans', 'Pintura a base de agua (látex), en latas', '149980', '', 55],
  ['Paint, oil-based, flammable, in cans', 'Pintura a base de aceite, inflamable, en latas', '149980', '01', 55, true],
  ['Aerosols, spray paint, in boxes', 'Aerosoles, pintura en aerosol, en cajas', '4745', '', 60, true],
  ['Cleaning compounds, industrial degreaser', 'Compuestos de limpieza, desengrasante industrial', '48580', '', 60, true],
  ['Plastic articles, NOI', 'Artículos de plástico, sin otra clasificación', '156600', '', null],
  ['Plastic pipe, PVC', 'Tubo de plástico, PVC', '156100', '', 70],
  ['Paper, kraft, in rolls', 'Papel kraft, en rollos', '150180', '', 55],
  ['Books, printed, in boxes', 'Libros impresos, en cajas', '13050', '', 65],
  ['Canned food, in boxes', 'Alimentos enlatados, en cajas', '73260', '', 55],
  ['Glassware, drinking glasses, packed', 'Cristalería, vasos, empacados', '87700', '', 92.5],
  ['Lumber, hardwood, dressed', 'Madera dura, cepillada', '108800', '', 50],
  ['Carpet and rugs, in rolls', 'Alfombras y tapetes, en rollos', '70400', '', 77.5],
  ['Appliances, refrigerators, household', 'Electrodomésticos, refrigeradores para el hogar', '111010', '', 125],
];

/** The 6-digit HS codes of the demo commodities whose goods are plain enough to say one. */
const HS_CODES: Record<string, string> = {
  'Furniture, office desks, knocked down (flat-packed)': '940330',
  'Furniture, bookcases, assembled': '940360',
  'Mattresses and box springs': '940421',
  'Lamps, table or floor, with shades': '940521',
  'Auto parts, brake rotors and drums': '870830',
  'Tires, pneumatic, rubber, new': '401110',
  'Batteries, storage, wet, lead-acid': '850710',
  'Hydraulic pumps': '841360',
  'Compressors, air, with or without tanks': '841480',
  'Electronic equipment, computers and servers': '847150',
  'Televisions, flat panel, boxed': '852872',
  'Electrical wire, copper, on reels': '854449',
  'Paint, water-based (latex), in cans': '320910',
  'Paint, oil-based, flammable, in cans': '320810',
  'Cleaning compounds, industrial degreaser': '340290',
  'Plastic pipe, PVC': '391723',
  'Paper, kraft, in rolls': '480421',
  'Books, printed, in boxes': '490199',
  'Glassware, drinking glasses, packed': '701337',
  'Lumber, hardwood, dressed': '440799',
  'Carpet and rugs, in rolls': '570330',
  'Appliances, refrigerators, household': '841810',
};

export const DEMO_PART_VALUES: PartValues[] = [
  PART_TEMPLATE_ROW,
  ...DEMO_PARTS.map(([en, es, item, sub, freightClass, hazardous = false]) => ({
    description_en: en,
    description_es: es,
    nmfc_item: item,
    nmfc_sub: sub,
    freight_class: freightClass as PartValues['freight_class'],
    density_based: freightClass === null,
    hazardous,
    hs_code: HS_CODES[en] ?? '',
  })),
];

/** Seeds the demo part catalog (once per database: `seedOnce` in seed.ts). */
export async function seedDemoParts(tx: Db, now: Date) {
  await partCatalogRepository(tx).insert(DEMO_PART_VALUES, now);
}
