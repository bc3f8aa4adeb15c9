import { ADMIN_PAGE_KEYS, ADMIN_PAGES, type AdminPageKey } from '@freight/domain';
import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { loadScreenCatalogs } from '../lib/i18n';
import { AdminDoor } from './adminDoor';
import { type LoadScreen, screen } from './screens';

/** An admin screen and the word groups whose words it shows (as `screen`'s). */
type AdminScreen = { load: LoadScreen; words: readonly string[] };

/** Every admin page's screen (the type asks for one per page of the spec's table). */
const ADMIN_SCREENS: Record<AdminPageKey, AdminScreen> = {
  dashboard: {
    load: () => import('../features/admin/routes/DashboardRoute').then((m) => m.DashboardRoute),
    words: ['admin/carrier-pause', 'admin/credit', 'admin/dashboard'],
  },
  accounts: {
    load: () => import('../features/admin/routes/AccountsRoute').then((m) => m.AccountsRoute),
    words: ['admin/accounts', 'admin/shipments', 'admin/views'],
  },
  roles: { load: () => import('../features/admin/routes/RolesRoute').then((m) => m.RolesRoute), words: ['admin/accounts'] },
  shipments: {
    load: () => import('../features/admin/routes/ShipmentsRoute').then((m) => m.ShipmentsRoute),
    words: ['admin/carrier-scorecards', 'admin/shipments', 'admin/views'],
  },
  auditLog: {
    load: () => import('../features/admin/routes/AuditLogRoute').then((m) => m.AuditLogRoute),
    words: ['admin/audit', 'admin/shipments'],
  },
  notifications: {
    load: () => import('../features/admin/routes/notifications/NotificationsRoute').then((m) => m.NotificationsRoute),
    words: ['admin/notifications'],
  },
  support: { load: () => import('../features/admin/routes/SupportInboxRoute').then((m) => m.SupportInboxRoute), words: ['admin/support'] },
  carriers: {
    load: () => import('../features/admin/routes/carriers/CarriersRoute').then((m) => m.CarriersRoute),
    words: ['admin/carrier-pause', 'admin/carriers'],
  },
  carrierScorecards: {
    load: () => import('../features/admin/routes/carrier-scorecards/CarrierScorecardsRoute').then((m) => m.CarrierScorecardsRoute),
    words: ['admin/carrier-scorecards'],
  },
  partCatalog: {
    load: () => import('../features/admin/routes/PartCatalogRoute').then((m) => m.PartCatalogRoute),
    words: ['admin/parts', 'admin/shipments'],
  },
  incidents: {
    load: () => import('../features/admin/routes/incidents/IncidentsRoute').then((m) => m.IncidentsRoute),
    words: ['admin/incidents'],
  },
  scacAliases: {
    load: () => import('../features/admin/routes/scac-aliases/ScacAliasesRoute').then((m) => m.ScacAliasesRoute),
    words: ['admin/incidents'],
  },
  truckloadEquipment: {
    load: () => import('../features/admin/routes/EquipmentTypesRoute').then((m) => m.EquipmentTypesRoute),
    words: ['admin/equipment'],
  },
  integrationPartners: {
    load: () => import('../features/admin/routes/integrations/IntegrationPartnersRoute').then((m) => m.IntegrationPartnersRoute),
    words: ['admin/integrations'],
  },
  integrations: {
    load: () => import('../features/admin/routes/integrations/IntegrationsRoute').then((m) => m.IntegrationsRoute),
    words: ['admin/incidents', 'admin/integrations'],
  },
  oauth: {
    load: () => import('../features/admin/routes/integrations/OAuthCredentialsRoute').then((m) => m.OAuthCredentialsRoute),
    words: ['admin/integrations'],
  },
  creditApplications: {
    load: () => import('../features/credit-applications/routes/CreditApplicationsRoute').then((m) => m.CreditApplicationsRoute),
    words: ['credit-applications'],
  },
  pricing: {
    load: () => import('../features/admin/routes/pricing/PricingRoute').then((m) => m.PricingRoute),
    words: ['admin/integrations', 'admin/pricing'],
  },
  margin: {
    load: () => import('../features/admin/routes/margin/MarginRoute').then((m) => m.MarginRoute),
    words: ['admin/incidents', 'admin/integrations', 'admin/margin', 'admin/shipments'],
  },
  carrierInvoices: {
    load: () => import('../features/admin/carrier-invoices/routes/CarrierInvoicesRoute').then((m) => m.CarrierInvoicesRoute),
    words: ['admin/carrier-invoices', 'admin/incidents', 'admin/shipments'],
  },
  claims: { load: () => import('../features/claims/routes/admin').then((m) => m.StaffClaimsRoute), words: ['claims'] },
  exceptions: { load: () => import('../features/alerts/routes/admin').then((m) => m.ExceptionsRoute), words: ['alerts'] },
  customs: { load: () => import('../features/customs/routes/admin').then((m) => m.CustomsRoute), words: ['alerts', 'customs'] },
};

/** An admin screen behind the door of its page (the role check of the admin area). */
const adminScreen = (page: AdminPageKey, { load, words }: AdminScreen): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Screen] = await Promise.all([load(), loadScreenCatalogs(words)]);
    return {
      element: (
        <AdminDoor page={page}>
          <Screen />
        </AdminDoor>
      ),
    };
  },
});

/** Child routes (detail and editor pages) that open through the door of their list page. */
const ADMIN_CHILDREN: ({ path: string; page: AdminPageKey } & AdminScreen)[] = [
  {
    path: 'accounts/:id',
    page: 'accounts',
    load: () => import('../features/admin/routes/AccountDetailRoute').then((m) => m.AccountDetailRoute),
    words: [
      'admin/accounts',
      'admin/audit',
      'admin/credit',
      'admin/shipments',
      'admin/suspension',
      'admin/team',
      'credit-applications',
      'invoices',
      'team',
    ],
  },
  {
    path: 'carriers/:id',
    page: 'carriers',
    load: () => import('../features/admin/routes/carriers/CarrierDetailRoute').then((m) => m.CarrierDetailRoute),
    words: [
      'admin/carrier-pause',
      'admin/carrier-scorecards',
      'admin/carriers',
      'admin/delivery-windows',
      'admin/incidents',
      'admin/versions',
    ],
  },
  {
    path: 'carrier-scorecards/:id',
    page: 'carrierScorecards',
    load: () => import('../features/admin/routes/carrier-scorecards/CarrierScorecardRoute').then((m) => m.CarrierScorecardRoute),
    words: ['admin/carrier-scorecards'],
  },
  {
    path: 'pricing/:key',
    page: 'pricing',
    load: () => import('../features/admin/routes/pricing/PricingProgramRoute').then((m) => m.PricingProgramRoute),
    words: ['admin/pricing', 'admin/versions'],
  },
  {
    path: 'integration-partners/:id',
    page: 'integrationPartners',
    load: () => import('../features/admin/routes/integrations/PartnerDetailRoute').then((m) => m.PartnerDetailRoute),
    words: ['admin/dashboard', 'admin/integrations'],
  },
  {
    path: 'incidents/:id',
    page: 'incidents',
    load: () => import('../features/admin/routes/incidents/IncidentDetailRoute').then((m) => m.IncidentDetailRoute),
    words: ['admin/incidents'],
  },
  {
    path: 'quotes/:id',
    page: 'accounts',
    load: () => import('../features/admin/routes/QuoteDetailRoute').then((m) => m.QuoteDetailRoute),
    words: ['admin/quotes', 'admin/shipments'],
  },
  {
    path: 'shipments/:id',
    page: 'shipments',
    load: () => import('../features/admin/routes/ShipmentDetailRoute').then((m) => m.ShipmentDetailRoute),
    words: ['admin/audit', 'admin/carrier-invoices', 'admin/shipments', 'claims', 'quotes'],
  },
  {
    path: 'carrier-invoices/payables',
    page: 'carrierInvoices',
    load: () => import('../features/admin/carrier-invoices/routes/PayablesRoute').then((m) => m.PayablesRoute),
    words: ['admin/carrier-invoices'],
  },
  {
    path: 'carrier-invoices/:id',
    page: 'carrierInvoices',
    load: () => import('../features/admin/carrier-invoices/routes/CarrierInvoiceDetailRoute').then((m) => m.CarrierInvoiceDetailRoute),
    words: ['admin/carrier-invoices'],
  },
  {
    path: 'customs/duty-rates',
    page: 'customs',
    load: () => import('../features/customs/routes/dutyRates').then((m) => m.DutyRatesRoute),
    words: ['customs', 'quotes'],
  },
  {
    path: 'credit-applications/:id',
    page: 'creditApplications',
    load: () => import('../features/credit-applications/routes/CreditApplicationDetailRoute').then((m) => m.CreditApplicationDetailRoute),
    words: ['credit-applications'],
  },
  {
    path: 'claims/:id',
    page: 'claims',
    load: () => import('../features/claims/routes/admin').then((m) => m.StaffClaimRoute),
    words: ['claims'],
  },
  {
    path: 'notifications/new',
    page: 'notifications',
    load: () => import('../features/admin/routes/notifications/NotificationEditRoute').then((m) => m.NotificationEditRoute),
    words: ['admin/integrations', 'admin/notifications'],
  },
  {
    path: 'notifications/edit/:id',
    page: 'notifications',
    load: () => import('../features/admin/routes/notifications/NotificationEditRoute').then((m) => m.NotificationEditRoute),
    words: ['admin/integrations', 'admin/notifications'],
  },
];

/** The admin area's pages under /admin, each behind its page's door. */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate replace to="dashboard" /> },
  // Staff keep their second factor here (Settings > Security's panels).
  {
    path: 'security',
    ...screen(() => import('../features/security/routes/AdminSecurityRoute').then((m) => m.AdminSecurityRoute), ['security']),
  },
  ...ADMIN_PAGE_KEYS.map((k) => ({ path: ADMIN_PAGES[k].path, ...adminScreen(k, ADMIN_SCREENS[k]) })),
  ...ADMIN_CHILDREN.map((c) => ({ path: c.path, ...adminScreen(c.page, c) })),
  { path: '*', element: <NotFound /> },
];
