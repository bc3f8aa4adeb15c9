import { ADMIN_PAGES, type AdminPageKey } from '@freight/domain';

/** Central paths of the SPA. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmPassword: '/confirm-password',
  verifyEmail: '/verify-email',
  /** Where a signed-in user whose roles open neither a customer account nor an admin page is told so. */
  noAccess: '/no-access',
  emailVerified: '/email-verified',
  trackShipment: '/track-shipment',
  /** The public tracking page, looking up a BOL, PRO or tracking number when given. */
  publicTracking: (number?: string) => (number ? `/track-shipment?number=${encodeURIComponent(number)}` : '/track-shipment'),
  publicQuote: '/public-quote',
  /** The accessibility statement, in the public frame: guests read it too. */
  accessibility: '/accessibility',
  /** The support chat's page (signed-in customers). */
  support: '/support',
  truckloadConfirmation: '/truckload-confirmation',
  quote: '/quote',
  quoteShipment: '/quote-shipment',
  quoteInternational: '/quote-shipment/international',
  /** Re-runs a saved quote (truckload quotes re-run on the truckload page). */
  rerunQuote: (id: string, mode: string) => `${mode === 'truckload' ? '/truckload' : '/quote'}/${encodeURIComponent(id)}`,
  ebayOrders: '/orders/ebay',
  productCatalog: '/product-catalog',
  settings: '/settings',
  accountSettings: '/settings/account',
  /** Settings > Credit terms: the account's terms and its credit applications. */
  creditSettings: '/settings/credit',
  /** Settings > Security: second factors, passkeys and the account's single sign-on. */
  securitySettings: '/settings/security',
  /** Settings > Team and its activity log (account admins). */
  teamSettings: '/settings/team',
  activitySettings: '/settings/activity',
  /** Settings > Payment methods: saved cards and bank accounts, and autopay (whoever may pay invoices). */
  paymentMethodsSettings: '/settings/payment-methods',
  /** An invitation's mailed link (public). */
  invitation: (token: string) => `/invitation/${encodeURIComponent(token)}`,
  truckload: '/truckload',
  quoteHistory: '/quote-history',
  savedQuotes: '/saved-quotes',
  track: '/track',
  /** A shipment's tracking detail. */
  trackDetail: (id: string) => `/track/detail/${encodeURIComponent(id)}`,
  /** The account's shipment alerts (the caller's unread ones counted on the navigation). */
  alerts: '/alerts',
  myShipments: '/my-shipments',
  analytics: '/analytics',
  approvals: '/approvals',
  /** The account's freight claims, one claim, and the claim form of a shipment. */
  claims: '/claims',
  claim: (id: string) => `/claims/${encodeURIComponent(id)}`,
  fileClaim: (shipmentId: string) => `/claims/file/${encodeURIComponent(shipmentId)}`,
  /** Shipping at volume: the account's batches (and a new one's upload), and one batch. */
  batches: '/batches',
  batch: (id: string) => `/batches/${encodeURIComponent(id)}`,
  addressBook: '/address-book',
  myInvoices: '/my-invoices',
  /** An invoice (or credit memo) of the account. */
  invoiceDetail: (id: string) => `/invoice-detail/${encodeURIComponent(id)}`,
  invoiceHistory: '/my-invoices/history',
  videoTutorials: '/video-tutorials',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    /** The staff's own security settings (their second factor): where staff without one are led. */
    security: '/admin/security',
    page: (key: AdminPageKey) => `/admin/${ADMIN_PAGES[key].path}`,
    account: (id: string) => `/admin/accounts/${encodeURIComponent(id)}`,
    /** Staff have no invoice page of their own: an invoice opens on its account's page, in the credit panel. */
    accountInvoice: (accountId: string, invoiceId: string) =>
      `/admin/accounts/${encodeURIComponent(accountId)}?invoice=${encodeURIComponent(invoiceId)}`,
    shipment: (id: string) => `/admin/shipments/${encodeURIComponent(id)}`,
    /** A stored quote's rates with their cost and margin (opened from its account's page). */
    quote: (id: string) => `/admin/quotes/${encodeURIComponent(id)}`,
    carrier: (id: string) => `/admin/carriers/${encodeURIComponent(id)}`,
    carrierInvoice: (id: string) => `/admin/carrier-invoices/${encodeURIComponent(id)}`,
    payables: '/admin/carrier-invoices/payables',
    /** The duty-rate tables the duties and taxes estimate reads (through the customs queue's door). */
    dutyRates: '/admin/customs/duty-rates',
    /** A pricing program: 'default' or the account's id. */
    pricingProgram: (key: string) => `/admin/pricing/${encodeURIComponent(key)}`,
    claim: (id: string) => `/admin/claims/${encodeURIComponent(id)}`,
    creditApplication: (id: string) => `/admin/credit-applications/${encodeURIComponent(id)}`,
    newNotification: '/admin/notifications/new',
    editNotification: (id: string) => `/admin/notifications/edit/${encodeURIComponent(id)}`,
    /** The staff's shipment search, filtered (the params of GET /api/admin/shipments). */
    shipments: (filters: Record<string, string> = {}) => {
      const query = new URLSearchParams(filters).toString();
      return query ? `/admin/shipments?${query}` : '/admin/shipments';
    },
  },
} as const;

/** Login page with the place to come back to. */
export function loginWithRedirect(target: string): string {
  return target && target !== '/' ? `${paths.login}?redirect=${encodeURIComponent(target)}` : paths.login;
}
