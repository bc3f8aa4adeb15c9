import type { Country } from '@freight/domain';
import { MEXICAN_STATES } from '@freight/domain/rating/mexico';

/**
 * States and provinces offered per country (value: the code the API and the postal data use,
 * e.g. 'IL', 'ON', 'NLE'). Names are English, with the Spanish names where they differ.
 */
type Region = { code: string; en: string; es?: string };

const US: Region[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia', 'Distrito de Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii', 'Hawái'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana', 'Luisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan', 'Míchigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi', 'Misisipi'],
  ['MO', 'Missouri', 'Misuri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire', 'Nuevo Hampshire'],
  ['NJ', 'New Jersey', 'Nueva Jersey'],
  ['NM', 'New Mexico', 'Nuevo México'],
  ['NY', 'New York', 'Nueva York'],
  ['NC', 'North Carolina', 'Carolina del Norte'],
  ['ND', 'North Dakota', 'Dakota del Norte'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon', 'Oregón'],
  ['PA', 'Pennsylvania', 'Pensilvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina', 'Carolina del Sur'],
  ['SD', 'South Dakota', 'Dakota del Sur'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia', 'Virginia Occidental'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, en, es]) => ({ code: code as string, en: en as string, es }));

const CA: Region[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia', 'Columbia Británica'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick', 'Nuevo Brunswick'],
  ['NL', 'Newfoundland and Labrador', 'Terranova y Labrador'],
  ['NS', 'Nova Scotia', 'Nueva Escocia'],
  ['NT', 'Northwest Territories', 'Territorios del Noroeste'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island', 'Isla del Príncipe Eduardo'],
  ['QC', 'Quebec', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
].map(([code, en, es]) => ({ code: code as string, en: en as string, es }));

const MX: Region[] = [...MEXICAN_STATES].sort((a, b) => a.name.localeCompare(b.name, 'es')).map((s) => ({ code: s.code, en: s.name }));

const REGIONS: Record<Country, Region[]> = { US, CA, MX };

/** Select options for a country's states/provinces; a stored value not in the list is kept as an option. */
export function regionOptions(country: string, language: string, current = ''): { value: string; label: string }[] {
  const list = REGIONS[country as Country] ?? [];
  const options = list.map((r) => ({ value: r.code, label: `${(language.startsWith('es') && r.es) || r.en} (${r.code})` }));
  if (current && !list.some((r) => r.code === current)) options.unshift({ value: current, label: current });
  return options;
}

/** True when `state` is one of the country's listed codes. */
export const isRegionOf = (country: string, state: string) => (REGIONS[country as Country] ?? []).some((r) => r.code === state);
