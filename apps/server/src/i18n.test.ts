import { describe, expect, it } from 'vitest';
import { languageFromHeader, translator } from './i18n';

describe('server i18n', () => {
  it('translates shared keys with English fallback', () => {
    expect(translator('en')('validation.required')).toBe('Field is required');
    expect(translator('es')('validation.required')).toBe('Campo obligatorio');
    expect(translator('es')('validation.password_signup_mismatch')).toBe('La contraseña no coincide.');
  });
  it('keeps one full stop when a sentence ends with a value that brings its own (a Spanish time)', () => {
    const text = translator('es')('mail.autopay.failed_retry', {
      amount: 'USD 10.00',
      number: 'INV-1',
      method: 'tarjeta',
      reason: 'rechazada',
      date: '27 nov 2026, 9:00 a.m.',
    });
    expect(text).toMatch(/el 27 nov 2026, 9:00 a\.m\.$/);
  });
  it('picks the preferred supported language', () => {
    expect(languageFromHeader('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromHeader('fr-FR,en;q=0.5')).toBe('en');
    expect(languageFromHeader('fr-FR,es;q=0.4,en;q=0.3')).toBe('es');
    expect(languageFromHeader(undefined)).toBe('en');
  });
});
