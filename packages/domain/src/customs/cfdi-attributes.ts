/**
 * Reading a CFDI's attributes. The documents read here are the portal's own or its certifier's
 * answer: well-formed, one element per tag, values XML-escaped, so a pattern reads them without an
 * XML parser (which the schema check, libxml2, already is for validity).
 */

const unescaped = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every element `name` (a prefixed tag, optionally followed by attributes to match) as its attributes, unescaped. */
export function cfdiElements(xml: string, name: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`<${name}\\s([^>]*?)/?>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:]+)="([^"]*)"/g)].map(([, k, v]) => [k, unescaped(v ?? '')])),
  );
}

/** One attribute of the first element `name`, unescaped; null when either is missing. */
export const cfdiAttribute = (xml: string, name: string, attribute: string): string | null =>
  cfdiElements(xml, name)[0]?.[attribute] ?? null;
