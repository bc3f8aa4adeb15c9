import type { DUTY_COUNTRIES, DutyRateRequest, DutyRateSourceRequest, DutyRateTableView } from '@freight/contracts';
import { api } from '../../../lib/api';

export type DutyCountry = (typeof DUTY_COUNTRIES)[number];

/** react-query key of the duty-rate tables; a country's table is `[...DUTY_RATES_KEY, country]`. */
export const DUTY_RATES_KEY = ['admin', 'duty-rates'] as const;

const tablePath = (country: DutyCountry) => `/api/admin/duty-rates/${encodeURIComponent(country)}`;
const ratePath = (country: DutyCountry, hsCode: string) => `${tablePath(country)}/rates/${encodeURIComponent(hsCode)}`;

// Every write answers the whole table as it now is, so the page shows it without reading it again.

export const getDutyRates = (country: DutyCountry, signal?: AbortSignal) =>
  api.get<{ data: DutyRateTableView }>(tablePath(country), { signal }).then((r) => r.data);

export const setDutySource = (country: DutyCountry, body: DutyRateSourceRequest) =>
  api.put<{ data: DutyRateTableView }>(tablePath(country), body).then((r) => r.data);

/** Adds the code's rate, or changes it when the table has one. */
export const setDutyRate = (country: DutyCountry, hsCode: string, body: DutyRateRequest) =>
  api.put<{ data: DutyRateTableView }>(ratePath(country, hsCode), body).then((r) => r.data);

export const deleteDutyRate = (country: DutyCountry, hsCode: string) =>
  api.delete<{ data: DutyRateTableView }>(ratePath(country, hsCode)).then((r) => r.data);
