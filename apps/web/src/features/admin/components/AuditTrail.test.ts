import type { AuditEntryView } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { recordLink } from './AuditTrail';

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'e1',
  action: 'pricing_program.published',
  entity_type: 'pricing_program',
  entity_id: 'p1',
  target_label: 'Default pricing program',
  account_id: null,
  actor_email: 'salesadmin@demo.test',
  ip: null,
  before: null,
  after: null,
  created_at: '2026-11-26T10:00:00Z',
  ...overrides,
});

describe('recordLink', () => {
  it("leads a pricing program's entry to its page: the account's program, or the default one", () => {
    expect(recordLink(entry({ account_id: 'a1', target_label: 'Pricing program of Demo Shipper Co' }))).toBe('/admin/pricing/a1');
    expect(recordLink(entry({}))).toBe('/admin/pricing/default');
  });
});
