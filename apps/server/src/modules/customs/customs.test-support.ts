import { dallasPlace } from '../shipments/booking-fixtures';

/** The Mexican consignee of the tests across the border: exterior and interior numbers and its colonia. */
export const monterreyPlace = dallasPlace({
  company: 'Aceros del Norte SA de CV',
  first_name: 'Lucía',
  last_name: 'Garza',
  phone: '81 8340 1200',
  street1: 'Av. Constitución',
  exterior_number: '400',
  interior_number: '3B',
  neighborhood: 'Centro',
  city: 'Monterrey',
  state: 'NLE',
  postal_code: '64000',
  country: 'MX',
});

/** The Canadian place of the tests across the border. */
export const torontoPlace = dallasPlace({
  company: 'Queen West Supply',
  street1: '401 Richmond St W',
  city: 'Toronto',
  state: 'ON',
  postal_code: 'M5V 3L9',
  country: 'CA',
});

/** The provider's customs broker on one side. */
export const ourBroker = (country: string) => ({ country, ours: true });

/** The shipper's own customs broker on one side, with how to reach it. */
export const ownBroker = (country: string) => ({
  country,
  ours: false,
  company: 'Border Brokers Inc.',
  contact_name: 'Dana Cruz',
  phone: '(956) 555-0140',
  email: 'entries@borderbrokers.example',
});

/** A declared item made in the United States that qualifies under USMCA, with its Carta Porte key (laptops) and unit (pallets). */
export const usmcaItem = {
  hs_code: '8471.30.01',
  origin_country: 'us',
  unit_value_cents: 125_000,
  usmca: true,
  origin_criterion: 'B',
  sat_key: '43211503',
  sat_unit: 'XPX',
};

/** The Carta Porte's key (shelving and storage) and unit of a steel good on a Mexican lane. */
export const steelGood = { sat_key: '24102000', sat_unit: 'XPX' };
