import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs, languageFromHeader, translator } from './i18n';

/** Every message key the server's own sources name (an error's or a field's), with the file naming it. */
function namedKeys(dir = import.meta.dirname): { key: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return namedKeys(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    const source = readFileSync(path, 'utf8');
    return [...source.matchAll(/'((?:errors|validation)\.[a-z_]+(?:\.[a-z_]+)*)'/g)].map((m) => ({ key: m[1] as string, file: path }));
  });
}

/** A key reads as a message when the catalog has it, or its plural forms (`_one`, `_other`). */
function translates(catalog: unknown, key: string) {
  const parts = key.split('.');
  const leaf = parts.pop() as string;
  const section = parts.reduce<unknown>((o, p) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[p] : undefined), catalog);
  const at = (name: string) => typeof (section as Record<string, unknown> | undefined)?.[name] === 'string';
  return at(leaf) || (at(`${leaf}_one`) && at(`${leaf}_other`));
}

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
  it('has a message in both languages for every error and field key the server names', () => {
    const keys = namedKeys();
    expect(keys.length).toBeGreaterThan(100);
    for (const catalog of [catalogs.en, catalogs.es]) {
      expect(keys.filter(({ key }) => !translates(catalog, key)).map(({ key, file }) => `${key} in ${file}`)).toEqual([]);
    }
  });
  it('picks the preferred supported language', () => {
    expect(languageFromHeader('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromHeader('fr-FR,en;q=0.5')).toBe('en');
    expect(languageFromHeader('fr-FR,es;q=0.4,en;q=0.3')).toBe('es');
    expect(languageFromHeader(undefined)).toBe('en');
  });
});
