import type { RouteObject } from 'react-router';
import { screen } from './screens';

/** The quote screens' words: the form, the approval a booking over its limit asks for, and the rules that set its defaults. */
const QUOTE_WORDS = ['approvals', 'automation-rules', 'quotes'];
const quotes = () => import('../features/quotes/routes');
const ebayQuotes = () => import('../features/quotes/routes/EbayOrderQuoteRoutes');
const tracking = () => import('../features/tracking/routes');
const approvals = () => import('../features/approvals/routes');
const claims = () => import('../features/claims/routes');
const batches = () => import('../features/batches/routes');

/** A customer account's pages, in the portal's frame. */
export const customerRoutes: RouteObject[] = [
  { index: true, ...screen(() => quotes().then((m) => m.QuoteRoute), QUOTE_WORDS) },
  { path: ':clientrefnum', ...screen(() => quotes().then((m) => m.QuoteRoute), QUOTE_WORDS) },
  { path: ':clientrefnum/q', ...screen(() => quotes().then((m) => m.QuoteRoute), QUOTE_WORDS) },
  { path: 'quote', ...screen(() => quotes().then((m) => m.LtlParcelRoute), QUOTE_WORDS) },
  { path: 'quote/:id/:return?', ...screen(() => quotes().then((m) => m.SavedQuoteRoute), QUOTE_WORDS) },
  { path: 'quote-shipment', ...screen(() => quotes().then((m) => m.QuoteShipmentRoute), QUOTE_WORDS) },
  {
    path: 'quote-shipment/international',
    ...screen(() => quotes().then((m) => m.InternationalRoute), QUOTE_WORDS),
  },
  {
    path: 'quote-shipment/:id/:return?',
    ...screen(() => quotes().then((m) => m.QuoteShipmentRoute), QUOTE_WORDS),
  },
  { path: 'ebay-quote/:ebayId', ...screen(() => ebayQuotes().then((m) => m.EbayQuoteRoute), QUOTE_WORDS) },
  {
    path: 'quote-ebay-shipment/:ebayId',
    ...screen(() => ebayQuotes().then((m) => m.EbayShipmentRoute), QUOTE_WORDS),
  },
  {
    path: 'orders/ebay',
    ...screen(() => import('../features/ebay/routes').then((m) => m.EbayOrdersRoute), ['automation-rules', 'batches', 'ebay', 'quotes']),
  },
  {
    path: 'product-catalog',
    ...screen(() => import('../features/catalog/routes').then((m) => m.ProductCatalogRoute), ['catalog', 'quotes']),
  },
  {
    path: 'settings',
    ...screen(
      () => import('../features/settings/routes/SettingsLayout').then((m) => m.SettingsLayout),
      ['automation-rules', 'credit-applications', 'payment-methods', 'security', 'settings', 'team'],
    ),
    children: [
      {
        index: true,
        ...screen(() => import('../features/settings/routes/UserSettingsRoute').then((m) => m.UserSettingsRoute), ['alerts', 'settings']),
      },
      {
        path: 'account',
        ...screen(() => import('../features/settings/routes/AccountSettingsRoute').then((m) => m.AccountSettingsRoute), ['settings']),
      },
      {
        path: 'api',
        ...screen(() => import('../features/settings/routes/ApiSettingsRoute').then((m) => m.ApiSettingsRoute), ['settings']),
      },
      {
        path: 'rules',
        ...screen(() => import('../features/automation-rules/routes/RulesRoute').then((m) => m.RulesRoute), ['automation-rules', 'quotes']),
      },
      {
        path: 'credit',
        ...screen(() => import('../features/credit-applications/routes/CreditRoute').then((m) => m.CreditRoute), ['credit-applications']),
      },
      { path: 'security', ...screen(() => import('../features/security/routes/SecurityRoute').then((m) => m.SecurityRoute), ['security']) },
      { path: 'team', ...screen(() => import('../features/team/routes/TeamRoute').then((m) => m.TeamRoute), ['team']) },
      { path: 'activity', ...screen(() => import('../features/team/routes/ActivityRoute').then((m) => m.ActivityRoute), ['team']) },
      {
        path: 'payment-methods',
        ...screen(
          () => import('../features/payment-methods/routes/PaymentMethodsRoute').then((m) => m.PaymentMethodsRoute),
          ['payment-methods'],
        ),
      },
    ],
  },
  { path: 'truckload', ...screen(() => quotes().then((m) => m.TruckloadRoute), QUOTE_WORDS) },
  { path: 'truckload/:id/:return?', ...screen(() => quotes().then((m) => m.TruckloadRoute), QUOTE_WORDS) },
  { path: 'quote-history', ...screen(() => quotes().then((m) => m.QuoteHistoryRoute), QUOTE_WORDS) },
  { path: 'saved-quotes', ...screen(() => quotes().then((m) => m.SavedQuotesRoute), QUOTE_WORDS) },
  { path: 'track', ...screen(() => tracking().then((m) => m.TrackRoute), ['claims', 'quotes', 'tracking']) },
  { path: 'track/detail/:loadId', ...screen(() => tracking().then((m) => m.TrackDetailRoute), ['claims', 'quotes', 'tracking']) },
  { path: 'alerts', ...screen(() => import('../features/alerts/routes').then((m) => m.AlertsRoute), ['alerts']) },
  { path: 'my-shipments', ...screen(() => import('../features/shipments/routes').then((m) => m.MyShipmentsRoute), ['shipments']) },
  {
    path: 'analytics',
    ...screen(() => import('../features/analytics/routes/AnalyticsRoute').then((m) => m.AnalyticsRoute), ['analytics']),
  },
  { path: 'approvals', ...screen(() => approvals().then((m) => m.ApprovalsRoute), ['approvals']) },
  { path: 'approvals/:id', ...screen(() => approvals().then((m) => m.ApprovalDetailRoute), ['approvals']) },
  { path: 'approvals/link/:token', ...screen(() => approvals().then((m) => m.ApprovalLinkRoute), ['approvals']) },
  { path: 'claims', ...screen(() => claims().then((m) => m.ClaimsRoute), ['claims']) },
  { path: 'claims/:id', ...screen(() => claims().then((m) => m.ClaimRoute), ['claims']) },
  { path: 'claims/file/:shipmentId', ...screen(() => claims().then((m) => m.FileClaimRoute), ['claims']) },
  { path: 'batches', ...screen(() => batches().then((m) => m.BatchesRoute), ['batches', 'quotes']) },
  { path: 'batches/:id', ...screen(() => batches().then((m) => m.BatchRoute), ['batches', 'quotes']) },
  { path: 'address-book', ...screen(() => import('../features/addresses/routes').then((m) => m.AddressBookRoute), ['addresses']) },
  {
    path: 'my-invoices',
    ...screen(() => import('../features/invoices/routes').then((m) => m.InvoicesLayout), ['invoices']),
    children: [
      {
        index: true,
        ...screen(() => import('../features/invoices/routes/OpenInvoicesRoute').then((m) => m.OpenInvoicesRoute), ['invoices']),
      },
      {
        path: 'history',
        ...screen(() => import('../features/invoices/routes/InvoiceHistoryRoute').then((m) => m.InvoiceHistoryRoute), ['invoices']),
      },
    ],
  },
  {
    path: 'invoice-detail/:id',
    ...screen(() => import('../features/invoices/routes/InvoiceDetailRoute').then((m) => m.InvoiceDetailRoute), ['invoices']),
  },
  { path: 'video-tutorials', ...screen(() => import('../features/tutorials/routes').then((m) => m.VideoTutorialsRoute), ['tutorials']) },
  { path: 'support', ...screen(() => import('../features/support/routes').then((m) => m.SupportRoute), ['support']) },
  { path: 'support/:id', ...screen(() => import('../features/support/routes').then((m) => m.SupportRoute), ['support']) },
];
