import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The SAT's schemas a stamped Carta Porte is checked against, as published (their imports pointed
 * at the files beside them), with a reduced catCFDI.xsd (see its header), and the catalogs read
 * from them: c_ClaveProdServCP (the goods keys a Carta Porte accepts) and c_FraccionArancelaria
 * (Mexico's tariff fractions). Read once, on first use: a server that never issues one never holds them.
 */
const DIR = fileURLToPath(new URL('./sat-schemas/', import.meta.url));
const SCHEMA_FILES = [
  'cfdv40.xsd',
  'CartaPorte31.xsd',
  'TimbreFiscalDigitalv11.xsd',
  'catCFDI.xsd',
  'tdCFDI.xsd',
  'catCartaPorte.xsd',
  'catComExt.xsd',
] as const;

let files: Promise<Map<string, string>> | undefined;
const schemaFiles = () => {
  files ??= Promise.all(
    ['cfdi-carta-porte.xsd', ...SCHEMA_FILES].map(async (name) => [name, await readFile(DIR + name, 'utf8')] as const),
  ).then((entries) => new Map(entries));
  return files;
};

/** The enumeration of one simple type of a catalog schema. */
function enumeration(schema: string, type: string): Set<string> {
  const start = schema.indexOf(`<xs:simpleType name="${type}">`);
  const end = schema.indexOf('</xs:simpleType>', start);
  return new Set(start < 0 ? [] : [...schema.slice(start, end).matchAll(/<xs:enumeration value="([^"]*)"\/>/g)].map((m) => m[1] as string));
}

let catalogs: Promise<{ goodsKeys: Set<string>; fractions: Set<string> }> | undefined;
const satCatalogs = () => {
  catalogs ??= schemaFiles().then((f) => ({
    goodsKeys: enumeration(f.get('catCartaPorte.xsd') ?? '', 'c_ClaveProdServCP'),
    fractions: enumeration(f.get('catComExt.xsd') ?? '', 'c_FraccionArancelaria'),
  }));
  return catalogs;
};

/** Whether a goods key is in the Carta Porte's catalog (c_ClaveProdServCP). */
export async function isCartaPorteGoodsKey(key: string) {
  return (await satCatalogs()).goodsKeys.has(key);
}

/** Mexico's tariff fraction for an HS code when its first eight digits are one; none otherwise (the attribute is optional). */
export async function tariffFraction(hsCode: string): Promise<string | null> {
  const fraction = hsCode.slice(0, 8);
  return fraction.length === 8 && (await satCatalogs()).fractions.has(fraction) ? fraction : null;
}

/** The schema's complaints about a CFDI (none when it is valid), each without xmllint's file and line prefix. */
export async function schemaErrors(xml: string): Promise<string[]> {
  const [{ validateXML }, f] = await Promise.all([import('xmllint-wasm'), schemaFiles()]);
  const result = await validateXML({
    xml: { fileName: 'cfdi.xml', contents: xml },
    schema: { fileName: 'cfdi-carta-porte.xsd', contents: f.get('cfdi-carta-porte.xsd') ?? '' },
    preload: SCHEMA_FILES.map((name) => ({ fileName: name, contents: f.get(name) ?? '' })),
    // The catalogs make a large schema: 256 MiB of WebAssembly memory at most.
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((e) => e.message.replace(/^Schemas validity error : /, ''));
}
