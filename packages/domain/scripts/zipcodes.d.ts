// The zipcodes package ships no types; this is the part the generator reads.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    /** null for a few Canadian FSAs the package has no coordinate for. */
    latitude: number | null;
    longitude: number | null;
    city: string;
    state: string;
    country: 'US' | 'Canada';
  }
  export const codes: Record<string, ZipInfo>;
}
