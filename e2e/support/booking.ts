import type { Locator } from '@playwright/test';

export interface Party {
  company: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  street: string;
}

export const LAKESHORE: Party = {
  company: 'Lakeshore Fixtures',
  first: 'Maria',
  last: 'Lopez',
  email: 'dock@lakeshore.test',
  phone: '(312) 555-0110',
  street: '200 E Randolph St',
};

export const PEACHTREE: Party = {
  company: 'Peachtree Supply',
  first: 'James',
  last: 'Carter',
  email: 'receiving@peachtree.test',
  phone: '(404) 555-0120',
  street: '55 Park Pl NE',
};

const LABELS = {
  en: {
    company: 'Company/location name',
    first: 'First name',
    last: 'Last name',
    email: 'Email',
    phone: 'Phone',
    street: 'Street address',
  },
  es: {
    company: 'Empresa/nombre del lugar',
    first: 'Nombre',
    last: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    street: 'Calle y número',
  },
} as const;

/** Fills the contact and street of one end of the booking (the postal code comes from the quote). */
export async function fillPlace(place: Locator, p: Party, language: keyof typeof LABELS = 'en') {
  const label = LABELS[language];
  for (const field of ['company', 'first', 'last', 'email', 'phone', 'street'] as const) {
    // The whole label, with the required mark if any ('Nombre' is also part of 'Empresa/nombre del lugar').
    await place.getByLabel(new RegExp(`^${label[field].replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)).fill(p[field]);
  }
}
