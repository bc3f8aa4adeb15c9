import { replaceUnstorable } from '../../unstorable';

/**
 * What an API incident may keep of a request or answer: the shape of the exchange,
 * never a secret (keys, tokens, signatures, authorization headers, card and bank numbers) nor a
 * person's data (names, emails, phones, street addresses). Runs before anything is stored.
 */

export const REDACTED = '[redacted]';

/** Keys whose value is a secret. */
const SECRET_KEY =
  /(secret|token|password|passwd|signature|authorization|api[-_]?key|cookie|session|credential|card|cvc|cvv|routing|account_number|iban)/i;
/** Keys whose value is a person's name or contact or a street address. */
const PERSONAL_KEY =
  /^(first_?name|last_?name|full_?name|middle_?name|contact(_?name)?|name|email|e_?mail|phone|mobile|fax|street\d*|address(_?line)?\d*|line_?[12]|interior_number|exterior_number|buyer|recipient|consignee_name|shipper_name)$/i;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** A phone written as one: (312) 555-0142, 312-555-0142, +1 312 555 0142 (a bare run of digits is a PRO or BOL number and stays). */
const PHONE = /(?:\+?\d{1,3}[\s.-])?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Query-string secrets in URLs and messages: ?token=..., &signature=... */
const SECRET_PARAM = /\b(token|signature|sig|key|secret|password|code)=([^&\s"']+)/gi;

const MAX_DEPTH = 8;
const MAX_ITEMS = 50;
const MAX_STRING = 2000;

/** A text with the emails, phones, bearer credentials and secret URL parameters in it replaced (and what jsonb cannot keep). */
export function redactText(text: string): string {
  // What jsonb cannot keep is replaced: an incident must still record the post that had one.
  return replaceUnstorable(text.slice(0, MAX_STRING))
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SECRET_PARAM, `$1=${REDACTED}`)
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

/** A copy of `value` fit to keep: secret and personal fields replaced, texts cleaned, size bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `[${value.length - MAX_ITEMS} more]`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [raw, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === 'function') continue;
    const key = replaceUnstorable(raw);
    if (SECRET_KEY.test(key) || PERSONAL_KEY.test(key)) out[key] = v === null || v === '' ? v : REDACTED;
    else out[key] = redact(v, depth + 1);
  }
  return out;
}
