import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_KEYS,
  canAssignSalesReps,
  canEditPricing,
  canOpenAdminPage,
  canSeeMargin,
  isAdmin,
  isSales,
  isStaff,
  seesEveryAccountsMargin,
} from './roles';

describe('staff and admin rules', () => {
  it('counts six roles as staff and leaves fpg_feature and customers out', () => {
    for (const r of ['super_admin', 'fpg_admin', 'fpg_sales_admin', 'fpg_sales', 'fpg_ops', 'fpg_accounting']) {
      expect(isStaff([r])).toBe(true);
    }
    expect(isStaff(['fpg_feature'])).toBe(false);
    expect(isStaff([])).toBe(false);
  });
  it('admin means super_admin or fpg_admin; sales includes sales admin', () => {
    expect(isAdmin(['fpg_admin'])).toBe(true);
    expect(isAdmin(['fpg_sales_admin'])).toBe(false);
    expect(isSales(['fpg_sales_admin'])).toBe(true);
  });
});

describe('admin page doors', () => {
  it('opens every page for super_admin', () => {
    for (const p of ADMIN_PAGE_KEYS) expect(canOpenAdminPage(['super_admin'], p)).toBe(true);
  });
  it('keeps super_admin-only pages shut for fpg_admin', () => {
    expect(canOpenAdminPage(['fpg_admin'], 'roles')).toBe(false);
    expect(canOpenAdminPage(['fpg_admin'], 'carriers')).toBe(false);
    expect(canOpenAdminPage(['fpg_admin'], 'accounts')).toBe(true);
    expect(canOpenAdminPage(['fpg_admin'], 'dashboard')).toBe(true);
  });
  it('blocks scac-aliases for accounting only', () => {
    expect(canOpenAdminPage(['fpg_accounting'], 'scacAliases')).toBe(false);
    expect(canOpenAdminPage(['fpg_ops'], 'scacAliases')).toBe(true);
    expect(canOpenAdminPage(['fpg_sales'], 'scacAliases')).toBe(true);
  });
  it('opens the credit applications to those who steer credit only', () => {
    for (const r of ['super_admin', 'fpg_admin', 'fpg_accounting'] as const) expect(canOpenAdminPage([r], 'creditApplications')).toBe(true);
    for (const r of ['fpg_sales', 'fpg_sales_admin', 'fpg_ops'] as const) expect(canOpenAdminPage([r], 'creditApplications')).toBe(false);
  });
  it('opens Pricing to the admins and sales, and lets the admins and the sales admins write it and assign reps', () => {
    for (const r of ['super_admin', 'fpg_admin', 'fpg_sales_admin', 'fpg_sales'] as const)
      expect(canOpenAdminPage([r], 'pricing')).toBe(true);
    for (const r of ['fpg_ops', 'fpg_accounting'] as const) expect(canOpenAdminPage([r], 'pricing')).toBe(false);
    for (const r of ['super_admin', 'fpg_admin', 'fpg_sales_admin'] as const) {
      expect(canEditPricing([r])).toBe(true);
      expect(canAssignSalesReps([r])).toBe(true);
    }
    for (const r of ['fpg_sales', 'fpg_ops', 'fpg_accounting'] as const) {
      expect(canEditPricing([r])).toBe(false);
      expect(canAssignSalesReps([r])).toBe(false);
    }
  });
  it('opens nothing to customers or fpg_feature', () => {
    for (const p of ADMIN_PAGE_KEYS) {
      expect(canOpenAdminPage([], p)).toBe(false);
      expect(canOpenAdminPage(['fpg_feature'], p)).toBe(false);
    }
  });

  it('shows margin to those who read pricing; every account only to the admins and sales admins', () => {
    for (const r of ['super_admin', 'fpg_admin', 'fpg_sales_admin'] as const) {
      expect(canSeeMargin([r])).toBe(true);
      expect(seesEveryAccountsMargin([r])).toBe(true);
    }
    expect(canSeeMargin(['fpg_sales'])).toBe(true);
    expect(seesEveryAccountsMargin(['fpg_sales'])).toBe(false);
    for (const r of ['fpg_ops', 'fpg_accounting', 'fpg_feature'] as const) expect(canSeeMargin([r])).toBe(false);
  });
});
