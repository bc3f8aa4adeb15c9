import type { CreditApplicationRequest } from '@freight/contracts';

/** The application form's values: what the shipper types (the limit in dollars, numbers as typed). */
export interface ApplicationValues {
  legal_name: string;
  tax_id: string;
  years_in_business: number | string;
  requested_limit: number | string;
  bank: { name: string; contact: string; phone: string };
  trade_references: { company: string; contact: string; email: string; phone: string }[];
  accounts_payable: { name: string; email: string; phone: string };
}

const reference = () => ({ company: '', contact: '', email: '', phone: '' });

/** A blank form; the company's name and the signed-in user's contact are offered where they fit. */
export function blankApplication(
  company = '',
  payable: { name: string; email: string; phone: string } = { name: '', email: '', phone: '' },
) {
  return {
    legal_name: company,
    tax_id: '',
    years_in_business: '',
    requested_limit: '',
    bank: { name: '', contact: '', phone: '' },
    trade_references: [reference(), reference()],
    accounts_payable: payable,
  } satisfies ApplicationValues;
}

/** An empty number field is missing (the contract says "required"), not zero. */
const numberOrMissing = (v: number | string) => (v === '' ? undefined : Number(v));

/** The request the form sends: the limit in whole cents. */
export function toApplicationRequest(v: ApplicationValues): CreditApplicationRequest {
  const { requested_limit, ...rest } = v;
  const dollars = numberOrMissing(requested_limit);
  return {
    ...rest,
    years_in_business: numberOrMissing(v.years_in_business) as number,
    requested_limit_cents: (dollars === undefined ? undefined : Math.round(dollars * 100)) as number,
    trade_references: rest.trade_references as CreditApplicationRequest['trade_references'],
  };
}

/** The server's and the contract's errors name the limit in cents; the form's field is in dollars. */
export function onFormFields(errors: Record<string, string>): Record<string, string> {
  const { requested_limit_cents: limit, ...rest } = errors;
  return limit ? { ...rest, requested_limit: limit } : rest;
}
