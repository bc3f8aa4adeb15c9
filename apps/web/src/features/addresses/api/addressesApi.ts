import type { AddressBookEntry, AddressBookEntryInput, Paginated } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The address book API (docs/api.md, Address book). */
export const ADDRESSES_KEY = ['addresses'] as const;

export interface AddressListParams {
  page?: number;
  per_page?: number;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export const listAddresses = (query: AddressListParams) => api.get<Paginated<AddressBookEntry>>('/api/addresses', { query: { ...query } });
export const createAddress = (body: AddressBookEntryInput) => api.post<{ data: AddressBookEntry }>('/api/addresses', body);
export const updateAddress = (id: string, body: AddressBookEntryInput) =>
  api.put<{ data: AddressBookEntry }>(`/api/addresses/${encodeURIComponent(id)}`, body);
export const deleteAddress = (id: string) => api.delete<unknown>(`/api/addresses/${encodeURIComponent(id)}`);

export const ADDRESS_IMPORT_PATH = '/api/addresses/import';
export const ADDRESS_TEMPLATE_PATH = '/api/addresses/template.csv';
export const ADDRESS_EXPORT_PATH = '/api/addresses/export.csv';
