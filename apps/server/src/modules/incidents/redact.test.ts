import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactText } from './redact';

describe('redact', () => {
  it('replaces secrets, signatures and authorization headers whatever their case', () => {
    expect(
      redact({
        headers: { Authorization: 'Bearer abc.def', 'X-Signature': 'sha256=00ff', 'content-type': 'application/json' },
        client_secret: 's3cr3t',
        refresh_token: 'r-1',
        api_key: 'k',
        card_number: '4242424242424242',
      }),
    ).toEqual({
      headers: { Authorization: REDACTED, 'X-Signature': REDACTED, 'content-type': 'application/json' },
      client_secret: REDACTED,
      refresh_token: REDACTED,
      api_key: REDACTED,
      card_number: REDACTED,
    });
  });

  it('replaces people’s names, contacts and street addresses but keeps the freight facts', () => {
    const place = {
      company: 'Lone Star Hardware',
      first_name: 'Luis',
      last_name: 'Garza',
      email: 'receiving@lonestar.test',
      phone: '(214) 555-0177',
      street1: '1500 Marilla St',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
    };
    expect(redact({ destination: place, items: [{ weight_lb: 610, freight_class: 70 }] })).toEqual({
      destination: {
        company: 'Lone Star Hardware',
        first_name: REDACTED,
        last_name: REDACTED,
        email: REDACTED,
        phone: REDACTED,
        street1: REDACTED,
        city: 'Dallas',
        state: 'TX',
        postal_code: '75201',
      },
      items: [{ weight_lb: 610, freight_class: 70 }],
    });
  });

  it('cleans emails, phones, bearer tokens and secret URL parameters out of free text, not PRO numbers', () => {
    expect(redactText('Call dana@shipper.test or (312) 555-0142 about PRO 1000123456')).toBe(
      'Call [email] or [phone] about PRO 1000123456',
    );
    expect(redactText('GET /track?token=abc123&bol=42 Authorization: Bearer eyJhbGci.x.y')).toBe(
      `GET /track?token=${REDACTED}&bol=42 Authorization: Bearer ${REDACTED}`,
    );
  });

  it('bounds the size: long lists are cut, deep nesting stops', () => {
    const out = redact({ events: Array.from({ length: 60 }, (_, i) => ({ n: i })) }) as { events: unknown[] };
    expect(out.events).toHaveLength(51);
    expect(out.events[50]).toBe('[10 more]');
    let deep: unknown = 'end';
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    expect(JSON.stringify(redact(deep))).toContain('[…]');
  });
});
