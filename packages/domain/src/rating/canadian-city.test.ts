import { describe, expect, it } from 'vitest';
import { canadianCityName } from './canadian-city';
import { lookupPlace } from './geo';

describe('canadianCityName', () => {
  it('names the amalgamated city, not the district and its neighbourhoods', () => {
    expect(canadianCityName('M5V', 'Downtown Toronto (cn Tower / King And Spadina / Railway Lands / Harbourfront West)')).toBe('Toronto');
    expect(canadianCityName('M1B', 'Scarborough (malvern / Rouge River)')).toBe('Toronto');
    expect(canadianCityName('H2X', 'Plateau Mont-royal Southeast')).toBe('Montréal');
    expect(canadianCityName('H7T', 'Chomedey Northwest')).toBe('Laval');
    expect(canadianCityName('G1R', 'Quebec City East')).toBe('Québec');
    expect(canadianCityName('K2J', 'Nepean (barrhaven)')).toBe('Ottawa');
    expect(canadianCityName('B3H', 'Halifax Lower Harbour')).toBe('Halifax');
  });

  it('keeps the independent municipalities of the Montreal island', () => {
    expect(canadianCityName('H3Z', 'Westmount East')).toBe('Westmount');
    expect(canadianCityName('H9R', 'Pointe-claire')).toBe('Pointe-Claire');
    expect(canadianCityName('H4W', 'C\uFFFDte-saint-luc West')).toBe('Côte-Saint-Luc');
  });

  it('drops the neighbourhoods, the part of town and a government office', () => {
    expect(canadianCityName('T2P', 'Calgary (city Centre / Calgary Tower)')).toBe('Calgary');
    expect(canadianCityName('V6B', 'Vancouver (ne Downtown / Harbour Centre / Gastown / Yaletown)')).toBe('Vancouver');
    expect(canadianCityName('B1L', 'Sydney Southwest')).toBe('Sydney');
    expect(canadianCityName('S4N', 'Regina Northeast And East Central')).toBe('Regina');
    expect(canadianCityName('A1B', "St. John's Northwest Newfoundland & Labrador Provincial Government")).toBe("St. John's");
    expect(canadianCityName('R3C', 'Winnipeg (broadway / The Forks / Portage And Main) Manitoba Provincial Government')).toBe('Winnipeg');
    expect(canadianCityName('V3M', 'New Westminster Southwest (includes Annacis Island)')).toBe('New Westminster');
  });

  it('keeps a town whose name starts or ends like a part of town', () => {
    expect(canadianCityName('B1J', 'East Bay')).toBe('East Bay');
    expect(canadianCityName('B4C', 'Lower Sackville South')).toBe('Lower Sackville');
    expect(canadianCityName('B1V', 'North Sydney North')).toBe('North Sydney');
    expect(canadianCityName('V7S', 'West Vancouver North')).toBe('West Vancouver');
  });

  it('restores lost accents and writes French names the way Canada Post does', () => {
    expect(canadianCityName('G6V', 'L\uFFFDvis North')).toBe('Lévis');
    expect(canadianCityName('G8Y', 'Trois-rivi\uFFFDres Central')).toBe('Trois-Rivières');
    expect(canadianCityName('J2X', 'Saint-jean- Sur-richelieu East')).toBe('Saint-Jean-sur-Richelieu');
    expect(canadianCityName('G4T', 'Les \uFFFDles-de-la- Madeleine')).toBe('Les Îles-de-la-Madeleine');
    expect(canadianCityName('J5W', "L'assomption")).toBe("L'Assomption");
    expect(canadianCityName('J9P', "Val-d'or")).toBe("Val-d'Or");
    expect(canadianCityName('E6J', 'Mcadam')).toBe('McAdam');
  });

  it('names no city for a rural FSA, which covers many towns', () => {
    expect(canadianCityName('A0A', 'Southeastern Avalon Peninsula (ferryland)')).toBe('');
    expect(canadianCityName('K0C', 'Dundas and Glengarry United Counties (Alexandria)')).toBe('');
  });

  it('refuses a lost accent it cannot restore', () => {
    expect(() => canadianCityName('J1A', 'Saint-z\uFFFDzette')).toThrow(/J1A: a lost accent/);
  });
});

describe('the postal table, as generated', () => {
  it.each([
    ['M5V 3L9', 'Toronto', 'ON'],
    ['H2X 1Y4', 'Montréal', 'QC'],
    ['H3Z 2Y7', 'Westmount', 'QC'],
    ['T2P 1J9', 'Calgary', 'AB'],
    ['V6B 1A1', 'Vancouver', 'BC'],
    ['K1A 0B1', 'Ottawa', 'ON'],
    ['G4X 1A1', 'Gaspé', 'QC'],
    ['A0A 1A0', '', 'NL'],
  ])('%s is %s', (code, city, province) => {
    expect(lookupPlace(code, 'CA')).toMatchObject({ city, state: province });
  });

  it('holds no description with neighbourhoods, a lost accent or a part of town', () => {
    for (const fsa of ['M4V', 'H1G', 'L8W', 'R3C', 'J6Z', 'N6K', 'P3A', 'B3J']) {
      const city = lookupPlace(fsa, 'CA')?.city ?? '';
      expect(city, fsa).not.toMatch(/[()/\uFFFD]|\b(North|South|East|West|Central|Government)$/);
    }
  });
});
