/**
 * The city a Canadian FSA names, cleaned from the `zipcodes` package's description of it, which
 * scripts/generate-postal-codes.ts writes into the postal table. The package describes an FSA the
 * way Wikipedia's list does: a district and its neighbourhoods ("Downtown Toronto (CN Tower / King
 * and Spadina ...)"), a part of town ("Sydney Southwest"), accents lost to a replacement
 * character ("Saint-l\uFFFDonard") and lower case after hyphens. A shipper's form wants the
 * municipality Canada Post prints: "Toronto", "Sydney", "Saint-Léonard".
 *
 * A rural FSA (second character 0) covers dozens of towns; its description names a region and one
 * town as an example, so it names no city: the shipper types theirs.
 */

/** Where the description names a borough or district of an amalgamated city, the city. */
const CITY_BY_FSA: ReadonlyArray<readonly [pattern: RegExp, city: string]> = [
  // Montreal island: the independent municipalities first, then the city's boroughs.
  [/^H3[YZ]$/, 'Westmount'],
  [/^(H3[PR]|H4P)$/, 'Mont-Royal'],
  [/^H3X$/, 'Hampstead'],
  [/^H4[VW]$/, 'Côte-Saint-Luc'],
  [/^H4X$/, 'Montréal-Ouest'],
  [/^(H4Y|H9[PS])$/, 'Dorval'],
  [/^H9R$/, 'Pointe-Claire'],
  [/^H9J$/, 'Kirkland'],
  [/^H9K$/, 'Senneville'],
  [/^H9W$/, 'Beaconsfield'],
  [/^H9[ABG]$/, 'Dollard-des-Ormeaux'],
  [/^H9X$/, 'Sainte-Anne-de-Bellevue'],
  [/^H1B$/, 'Montréal-Est'],
  [/^H7/, 'Laval'],
  [/^H/, 'Montréal'],
  [/^G2[EG]$/, "L'Ancienne-Lorette"],
  [/^G[12]/, 'Québec'],
  [/^J8[LMPRTVXYZ]|^J9[AHJ]$/, 'Gatineau'],
  [/^M/, 'Toronto'],
  [/^(K1|K2|K4A)/, 'Ottawa'],
  [/^B3[H-S]$/, 'Halifax'],
  [/^(B2[V-Z]|B3[AB])$/, 'Dartmouth'],
  [/^E2[H-S]$/, 'Saint John'],
  [/^E1A$/, 'Dieppe'],
  [/^K8A$/, 'Pembroke'],
];

/** Parts of names (between hyphens) whose accent the package lost to U+FFFD, by their damaged spelling in lower case. */
const ACCENTED_PARTS: Readonly<Record<string, string>> = {
  '\uFFFDles': 'Îles',
  '\uFFFDmard': 'Émard',
  '\uFFFDmile': 'Émile',
  'a\uFFFDores': 'Açores',
  'ad\uFFFDle': 'Adèle',
  'b\uFFFDlair': 'Bélair',
  'c\uFFFDte': 'Côte',
  'ch\uFFFDteauguay': 'Châteauguay',
  'doroth\uFFFDe': 'Dorothée',
  'f\uFFFDlicien': 'Félicien',
  'fran\uFFFDois': 'François',
  'gasp\uFFFD': 'Gaspé',
  'genevi\uFFFDve': 'Geneviève',
  'gr\uFFFDce': 'Grâce',
  'h\uFFFDbertville': 'Hébertville',
  'j\uFFFDr\uFFFDme': 'Jérôme',
  'jonqui\uFFFDre': 'Jonquière',
  "l'\uFFFDle": "L'Île",
  "l'\uFFFDpiphanie": "L'Épiphanie",
  'l\uFFFDonard': 'Léonard',
  'l\uFFFDvis': 'Lévis',
  'lam\uFFFDque': 'Lamèque',
  'laterri\uFFFDre': 'Laterrière',
  'm\uFFFDre': 'Mère',
  'm\uFFFDtabetchouan': 'Métabetchouan',
  'pel\uFFFD': 'Pelé',
  'rivi\uFFFDre': 'Rivière',
  'rivi\uFFFDres': 'Rivières',
  'th\uFFFDr\uFFFDse': 'Thérèse',
};

/** Words that name a part of a town, not the town: "Sydney Southwest", "Regina Northeast And East Central". */
const PART_OF_TOWN =
  /^(north|south|east|west|central|northeast|northwest|southeast|southwest|northern|inner|outer|upper|lower|mid|outskirts|extremities|subdivisions|rcm|township|county|and|&)$/i;

/** Lower case inside French place names after a hyphen: "Saint-Jean-sur-Richelieu". */
const FRENCH_PARTICLES = new Set(['de', 'des', 'du', 'la', 'le', 'les', 'sur', 'aux', 'en', 'et']);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "saint-jean-sur-richelieu" -> "Saint-Jean-sur-Richelieu", "l'assomption" -> "L'Assomption", "mcadam" -> "McAdam". */
function capitalizeWord(word: string): string {
  return word
    .split('-')
    .map((part, index) => {
      const accented = ACCENTED_PARTS[part.toLowerCase()];
      if (accented) return accented;
      if (index > 0 && part.toLowerCase() === 'a') return 'à'; // the package's "Lac-a-la-croix"
      if (index > 0 && FRENCH_PARTICLES.has(part.toLowerCase())) return part.toLowerCase();
      const elided = /^([ld]')(.+)$/i.exec(part);
      if (elided?.[1] && elided[2]) {
        const article = elided[1].toLowerCase();
        return (index > 0 ? article : capitalize(article)) + capitalize(elided[2]);
      }
      const mc = /^mc(.+)$/i.exec(part);
      if (mc?.[1]) return `Mc${capitalize(mc[1])}`;
      return capitalize(part);
    })
    .join('-');
}

/**
 * The city of an FSA ('M5V') from the package's description of it; '' for a rural FSA. Throws on a
 * lost accent this module does not know, so a new release of the package cannot slip one through.
 */
export function canadianCityName(fsa: string, description: string): string {
  if (fsa.charAt(1) === '0') return '';
  const city = CITY_BY_FSA.find(([pattern]) => pattern.test(fsa))?.[1];
  if (city) return city;
  const name = description
    .replace(/\(.*$/, '') // the neighbourhoods, and any note after them
    .replace(
      /\b(Newfoundland & Labrador|Nova Scotia|Prince Edward Island|New Brunswick|Saskatchewan|British Columbia)? ?Provincial Government$/,
      '',
    )
    .replace(/- /g, '-') // "Saint-jean- Sur-richelieu": the package broke long names at hyphens
    .trim();
  const words = name.split(/\s+/);
  while (words.length > 1 && PART_OF_TOWN.test(words[words.length - 1] ?? '')) words.pop();
  const cleaned = words.map(capitalizeWord).join(' ');
  if (cleaned.includes('\uFFFD')) throw new Error(`${fsa}: a lost accent in "${description}"; add the word to ACCENTED_PARTS`);
  return cleaned;
}
