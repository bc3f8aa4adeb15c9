import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on the embedded database with demo data by default', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.appUrl).toBe('http://127.0.0.1:3000');
  });
  it('seeds PostgreSQL only when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
  it('lists every wrong value at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', MAIL_URL: 'http://mail' });
      expect.fail('should have thrown');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const text = (e as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL');
      expect(text).toContain('MAIL_URL');
    }
  });
  it('mails sales requests to SALES_EMAIL, a test address by default', () => {
    expect(loadConfig({}).SALES_EMAIL).toBe('sales@freight-portal.test');
    expect(loadConfig({ SALES_EMAIL: 'desk@carrier.example' }).SALES_EMAIL).toBe('desk@carrier.example');
    expect(() => loadConfig({ SALES_EMAIL: 'sales desk' })).toThrow(/SALES_EMAIL: must be an email address/);
  });
  it('uses secure cookies behind https', () => {
    expect(loadConfig({ APP_URL: 'https://portal.example.com/' }).secureCookies).toBe(true);
  });
  it('refuses to run production without a mail server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MAIL_URL: is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:25' }).MAIL_URL).toBe('smtp://127.0.0.1:25');
  });
  it('seeds no demo users in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:25' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:25', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
  it('takes TEST_CLOCK_START (an instant, for scenarios) and refuses it in production', () => {
    expect(loadConfig({}).TEST_CLOCK_START).toBeUndefined();
    expect(loadConfig({ TEST_CLOCK_START: '2026-11-25T16:00:00Z' }).TEST_CLOCK_START).toBe('2026-11-25T16:00:00Z');
    expect(() => loadConfig({ TEST_CLOCK_START: 'tomorrow' })).toThrow(/TEST_CLOCK_START: must be an ISO 8601 instant/);
    const production = { NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:25' };
    expect(() => loadConfig({ ...production, TEST_CLOCK_START: '2026-11-25T16:00:00Z' })).toThrow(
      /TEST_CLOCK_START: is for test scenarios only, never with NODE_ENV=production/,
    );
    expect(loadConfig(production).TEST_CLOCK_START).toBeUndefined();
  });
  it('takes TEST_SEED with NODE_ENV=test only', () => {
    expect(loadConfig({}).testSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_SEED: '1' }).testSeed).toBe(true);
    expect(() => loadConfig({ TEST_SEED: '1' })).toThrow(/TEST_SEED: is for test scenarios only, with NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:25', TEST_SEED: '1' })).toThrow(/TEST_SEED/);
  });
  it('takes TRUST_PROXY as a number of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
  it("binds passkeys to APP_URL's host and origin (localhost for a loopback address) unless WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS say otherwise", () => {
    expect(loadConfig({}).webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:3000'] });
    expect(loadConfig({ APP_URL: 'http://[::1]:8080' }).webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:8080'] });
    expect(loadConfig({ APP_URL: 'https://portal.example.com/' }).webauthn).toEqual({
      rpId: 'portal.example.com',
      origins: ['https://portal.example.com'],
    });
    const party = loadConfig({
      APP_URL: 'https://portal.example.com',
      WEBAUTHN_RP_ID: 'example.com',
      WEBAUTHN_ORIGINS: 'https://portal.example.com, https://app.example.com/',
    }).webauthn;
    expect(party).toEqual({ rpId: 'example.com', origins: ['https://portal.example.com', 'https://app.example.com'] });
    expect(loadConfig({ PORT: '3203', WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: 'http://localhost:3203' }).webauthn.rpId).toBe(
      'localhost',
    );
  });
  it('refuses passkey origins outside the relying party and values that are no domain or URL', () => {
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'example.com' })).toThrow(
      /WEBAUTHN_ORIGINS: http:\/\/localhost:3000 not on the domain example.com/,
    );
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://evil-example.com' })).toThrow(/not on the domain/);
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://example.com' })).toThrow(/WEBAUTHN_RP_ID: must be a domain name/);
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: 'localhost:3000' })).toThrow(/WEBAUTHN_ORIGINS/);
  });
  it('looks places up in the simulator outside production, nowhere in production unless GEO_LOOKUP_URL names a service', () => {
    expect(loadConfig({}).geoLookup).toBe('simulator');
    expect(loadConfig({ GEO_SIMULATOR_URL: 'http://127.0.0.1:4000' }).geoLookup).toBe('simulator');
    const production = { NODE_ENV: 'production', MAIL_URL: 'smtp://mail.example.com' };
    expect(loadConfig(production).geoLookup).toBe('off');
    const service = loadConfig({ ...production, GEO_LOOKUP_URL: 'https://ipinfo.io', GEO_LOOKUP_TOKEN: 'abc123' });
    expect(service).toMatchObject({ geoLookup: 'service', GEO_LOOKUP_TIMEOUT_MS: 1000 });
    expect(() => loadConfig({ ...production, GEO_SIMULATOR_URL: 'http://127.0.0.1:4000' })).toThrow(
      /GEO_SIMULATOR_URL: the place lookup simulator is never used in production/,
    );
    expect(() => loadConfig({ GEO_LOOKUP_URL: 'https://ipinfo.io', GEO_SIMULATOR_URL: 'http://127.0.0.1:4000' })).toThrow(/not both/);
    expect(() => loadConfig({ GEO_LOOKUP_URL: 'ftp://geo.example.com' })).toThrow(/GEO_LOOKUP_URL/);
    expect(() => loadConfig({ GEO_LOOKUP_TIMEOUT_MS: '0' })).toThrow(/GEO_LOOKUP_TIMEOUT_MS/);
  });
});
