import { zoneOf } from '@freight/domain/rating';

/** Every state and province the portal ships from or to: their zones differ from their country's only for some. */
const PLACES: Record<string, string> = {
  US: 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR',
  CA: 'NL NS NB PE QC ON MB SK AB BC YT NT NU',
  MX: 'AGU BC BCN BCS CAM CHP CHH CMX COA COL DUR GUA GRO HID JAL MEX MIC MOR NAY NLE OAX PUE QUE ROO SLP SIN SON TAB TAM TLA VER YUC ZAC',
};

/**
 * The time zones of places as the rules' SQL reads them: "US-IL" → its zone, and each country
 * alone → the country's (what @freight/domain's zoneOf answers, so the SQL and the pages agree on
 * a place's day). Only the places whose zone is not their country's are listed; JSON text, built once.
 */
export const ZONES_JSON = JSON.stringify(
  Object.fromEntries(
    Object.entries(PLACES).flatMap(([country, states]) => {
      const home = zoneOf('', country);
      const own = states
        .split(' ')
        .map((state) => [`${country}-${state}`, zoneOf(state, country)] as const)
        .filter(([, zone]) => zone !== home);
      return [[country, home] as const, ...own];
    }),
  ),
);
