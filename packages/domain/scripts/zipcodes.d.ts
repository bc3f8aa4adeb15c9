// The zipcodes package ships no types; this is the part the engine uses.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: 'US' | 'Canada';
  }
  export function lookup(zip: string): ZipInfo | undefined;
  export function distance(a: string, b: string): number | null;
  const zipcodes: { lookup: typeof lookup; distance: typeof distance };
  export default zipcodes;
}
