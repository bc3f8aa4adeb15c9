import { describe, expect, it } from 'vitest';
import { keptApart } from './screen-chunks';

describe('keptApart', () => {
  it.each([
    '/app/apps/web/src/features/shipments/routes/MyShipmentsRoute.tsx',
    '/app/apps/web/src/features/admin/routes/pricing/PricingRoute.tsx',
    '/app/apps/web/src/features/admin/components/carrier-scorecards/ComparisonTable.tsx',
    'C:\\app\\apps\\web\\src\\features\\invoices\\routes\\OpenInvoicesRoute.tsx',
  ])('keeps a screen or the admin area apart: %s', (id) => {
    expect(keptApart(id)).toBe(true);
  });

  it.each([
    '/app/apps/web/src/features/invoices/components/InvoiceTable.tsx',
    '/app/apps/web/src/components/list/useListParams.ts',
    '/app/apps/web/src/app/router.tsx',
    '/app/apps/web/src/features/admin/locales/dashboard.en.json',
    '/app/apps/web/src/features/admin/routes/pricing/pricing.css',
    '/app/node_modules/@mantine/core/esm/components/Table/Table.mjs',
  ])('leaves shared code, words and stylesheets to the merging: %s', (id) => {
    expect(keptApart(id)).toBe(false);
  });
});
