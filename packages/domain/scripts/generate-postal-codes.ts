// Writes src/rating/postal-codes.tsv, the postal table lookupPlace reads, from the `zipcodes`
// package (US ZIPs and Canadian FSAs). The table is committed; run this only to take a new
// release of the package: npm run postal-codes -w packages/domain
//
// The package itself is a 5 MB JavaScript object literal that costs a server ~80 MB resident to
// compile and hold; the table is read on the first lookup instead and kept as one string.
//
// A Canadian FSA's city is the municipality cleaned from the package's description of the FSA
// (canadianCityName: "Toronto", not "Downtown Toronto (CN Tower / ...)"; '' for a rural FSA).
//
// One line per code, sorted by code (JavaScript string order, which lookupPlace's binary search
// relies on): code, latitude, longitude, state, city, separated by tabs. The state is the
// package's field as it stands (a US state code; for Canada a province name, or sometimes a
// county or town). A coordinate the package lacks (null) is left empty.
import { writeFileSync } from 'node:fs';
import { codes } from 'zipcodes';
import { canadianCityName } from '../src/rating/canadian-city';

const CANADIAN_FSA = /^[A-Z]\d[A-Z]$/;

const coordinate = (n: number | null) => (n === null ? '' : String(n));
const lines = Object.keys(codes)
  .sort()
  .map((code) => {
    const info = codes[code];
    if (!info) throw new Error(`no entry for ${code}`);
    const city = CANADIAN_FSA.test(code) ? canadianCityName(code, info.city) : info.city;
    const fields = [code, coordinate(info.latitude), coordinate(info.longitude), info.state, city];
    if (fields.some((f) => /[\t\n]/.test(f))) throw new Error(`a tab or newline in the entry of ${code}`);
    return fields.join('\t');
  });
writeFileSync(new URL('../src/rating/postal-codes.tsv', import.meta.url), `${lines.join('\n')}\n`);
console.log(`postal-codes.tsv: ${lines.length} codes`);
