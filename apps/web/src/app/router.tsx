import { ADMIN_PAGE_KEYS, ADMIN_PAGES, type AdminPageKey, GUEST_PAGES, guestPageFile } from '@freight/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, redirectDocument } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { loadScreenCatalogs } from '../lib/i18n';
import { AdminDoor } from './adminDoor';
import { PageLoading, RequireAuth, RequireCustomerAccount, RequireTeamPermission } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './RootLayout';

/**
 * Every screen is its own chunk, fetched when its route is first matched (React Router's lazy
 * routes). The router resolves a route's loader before it renders, so a screen never flashes a
 * fallback. The guest pages (login, public tracking) are not here: they are a build of their own
 * (src/guest/, login.html and track-shipment.html).
 */
type LoadScreen = () => Promise<ComponentType>;

/**
 * A screen with its words: those any screen may show and those of `words`, the word groups whose
 * words it shows (lib/wordGroups.ts: a feature's, for its own files, what it imports and the keys
 * it words; a part of the admin area's, for the admin keys it words). routeWords.test.ts reads the
 * sources to check.
 */
const screen = (load: LoadScreen, words: readonly string[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component] = await Promise.all([load(), loadScreenCatalogs(words)]);
    return { Component };
  },
});

/** A first-visit page (login, sign-up, public tracking): its words are bundled. */
const firstVisitScreen = (load: LoadScreen): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ Component: await load() }) });

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

/**
 * A link or redirect to a guest page (a guard's 'log in first', the logout, 'back to login') loads
 * it as a document: the server answers it with the guest page's own. A guest page's URL reaching this
 * router on the first load means the server sent the portal instead; an error, not a reload loop.
 */
const guestPageRoutes: RouteObject[] = GUEST_PAGES.map((page) => ({
  path: page,
  loader: ({ request }) => {
    if (window.location.pathname === page) throw new Error(`${page} needs its own page (${guestPageFile(page)})`);
    return redirectDocument(`${page}${new URL(request.url).search}`);
  },
}));

const adminRoutes: RouteObject[] = [
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

/** The quote screens' words: the form, the approval a booking over its limit asks for, and the rules that set its defaults. */
const QUOTE_WORDS = ['approvals', 'automation-rules', 'quotes'];
const quotes = () => import('../features/quotes/routes');
const ebayQuotes = () => import('../features/quotes/routes/EbayOrderQuoteRoutes');
const tracking = () => import('../features/tracking/routes');
const approvals = () => import('../features/approvals/routes');
const claims = () => import('../features/claims/routes');
const batches = () => import('../features/batches/routes');

const customerRoutes: RouteObject[] = [
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      ...guestPageRoutes,
      {
        element: <PublicLayout />,
        children: [
          { path: 'register', ...firstVisitScreen(() => import('../features/auth/routes/SignupRoute').then((m) => m.SignupRoute)) },
          { path: 'signup', ...firstVisitScreen(() => import('../features/auth/routes/SignupRoute').then((m) => m.SignupRoute)) },
          {
            path: 'forgot-password',
            ...firstVisitScreen(() => import('../features/auth/routes/ForgotPasswordRoute').then((m) => m.ForgotPasswordRoute)),
          },
          {
            path: 'reset-password/:token',
            ...firstVisitScreen(() => import('../features/auth/routes/ResetPasswordRoute').then((m) => m.ResetPasswordRoute)),
          },
          {
            path: 'email-verified',
            ...firstVisitScreen(() => import('../features/auth/routes/EmailVerifiedRoute').then((m) => m.EmailVerifiedRoute)),
          },
          {
            path: 'accessibility',
            ...screen(
              () => import('../features/accessibility/routes/AccessibilityStatementRoute').then((m) => m.AccessibilityStatementRoute),
              ['accessibility'],
            ),
          },
          // An invitation's mailed link: the invitee sets their password and joins the team.
          {
            path: 'invitation/:token',
            ...screen(() => import('../features/team/routes/InvitationRoute').then((m) => m.InvitationRoute), ['team']),
          },
          {
            path: 'truckload-confirmation/:token?',
            ...screen(
              () => import('../features/public/routes/TruckloadConfirmationRoute').then((m) => m.TruckloadConfirmationRoute),
              ['public', 'quotes'],
            ),
          },
          // The Analytics report mail's "Stop this report" link: no sign-in, the token is the credential.
          {
            path: 'analytics-report/unsubscribe/:token?',
            ...screen(
              () => import('../features/settings/routes/ReportMailUnsubscribeRoute').then((m) => m.ReportMailUnsubscribeRoute),
              ['settings'],
            ),
          },
        ],
      },
      // The public quote's form and rates need the width of the portal's pages.
      {
        element: <PublicLayout wide />,
        children: [
          {
            path: 'public-quote',
            ...screen(
              () => import('../features/public/routes/PublicQuoteRoute').then((m) => m.PublicQuoteRoute),
              ['approvals', 'automation-rules', 'public', 'quotes'],
            ),
          },
        ],
      },
      {
        element: <RequireAuth allowUnverified />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: 'verify-email',
                ...firstVisitScreen(() => import('../features/auth/routes/VerifyEmailRoute').then((m) => m.VerifyEmailRoute)),
              },
              { path: 'no-access', ...screen(() => import('./NoAccessRoute').then((m) => m.NoAccessRoute), []) },
              {
                path: 'confirm-password',
                ...firstVisitScreen(() => import('../features/auth/routes/ConfirmPasswordRoute').then((m) => m.ConfirmPasswordRoute)),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'admin',
            ...screen(() => import('./layouts/AdminLayout').then((m) => m.AdminLayout), ['admin/support']),
            children: adminRoutes,
          },
          {
            element: <RequireCustomerAccount />,
            children: [
              {
                ...screen(() => import('./layouts/CustomerLayout').then((m) => m.CustomerLayout), ['alerts', 'approvals', 'support']),
                // Pages the user's team role does not open show a notice instead.
                children: [{ element: <RequireTeamPermission />, children: customerRoutes }],
              },
            ],
          },
        ],
      },
      // Unknown pages are shown in the public frame: they belong to no area, and guests see them too.
      { element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
