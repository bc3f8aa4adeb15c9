import { describe, expect, it } from 'vitest';
import { addressKind, plainAddress } from './ip-address';

describe('addressKind', () => {
  it('keeps loopback, private, link-local and shared addresses on the local network', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '169.254.10.10',
      '100.64.0.1',
      'fd12:3456:789a::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:192.168.0.5',
      '0.0.0.0',
      '::',
    ]) {
      expect(addressKind(ip), ip).toBe('local');
    }
  });

  it('looks up public addresses, the documentation ranges among them', () => {
    for (const ip of [
      '203.0.113.7',
      '198.51.100.20',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2001:db8::1',
      '2606:4700::1111',
      '::ffff:203.0.113.9',
    ]) {
      expect(addressKind(ip), ip).toBe('public');
    }
  });

  it('knows nothing of what is not an address', () => {
    for (const ip of [null, undefined, '', 'localhost', '999.1.1.1', '1.2.3', '::ffff:zz', '<script>']) {
      expect(addressKind(ip), String(ip)).toBe('unknown');
    }
  });

  it('writes an IPv4-mapped address as IPv4', () => {
    expect(plainAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
