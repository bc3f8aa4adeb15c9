import {
  ADDRESS_ROW_MENU,
  button,
  DEMO_BOL,
  dialog,
  either,
  firstId,
  type Listed,
  menuItem,
  type PageToWalk,
  PHONE_NAVIGATION,
  PROFILE_MENU,
  SHIPMENT_ROW_MENU,
  SHIPPER,
  SUPPORT_CHAT,
  SUPPORT_DIALOG,
  startsWith,
} from './every-page-parts';

// The walk's pages outside the admin area: a guest's, an account's and a customer's.

/** The pages a stranger reaches: the guest pages, sign-up and the password pages, the public frame's pages. */
export const GUEST_PAGES: PageToWalk[] = [
  { pattern: '/login', visitor: 'guest', url: '/login' },
  { pattern: '/track-shipment', visitor: 'guest', url: `/track-shipment?number=${DEMO_BOL}` },
  { pattern: '/register', visitor: 'guest', url: '/register' },
  { pattern: '/signup', visitor: 'guest', url: '/signup' },
  { pattern: '/forgot-password', visitor: 'guest', url: '/forgot-password' },
  // The form is what a reset link opens; a token is only checked when the form is sent.
  { pattern: '/reset-password/:token', visitor: 'guest', url: '/reset-password/walk-token?email=walker%40example.test' },
  { pattern: '/analytics-report/unsubscribe/:token?', visitor: 'guest', url: '/analytics-report/unsubscribe/walk-token' },
  { pattern: '/email-verified', visitor: 'guest', url: '/email-verified?status=verified' },
  // A link that no longer works says so; the form of a live one is walked by the team scenario.
  { pattern: '/invitation/:token', visitor: 'guest', url: '/invitation/walk-token' },
  { pattern: '/accessibility', visitor: 'guest', url: '/accessibility' },
  {
    pattern: '/truckload-confirmation/:token?',
    visitor: 'guest',
    lookupAs: SHIPPER,
    url: async (lookup) => {
      const id = await firstId(lookup, '/api/shipments?per_page=100', (s) => s.mode === 'truckload');
      const { data } = (await lookup(`/api/shipments/${id}`)) as { data: { confirmation_path: string } };
      return data.confirmation_path;
    },
  },
  { pattern: '/public-quote', visitor: 'guest', url: '/public-quote' },
  { pattern: '/*', visitor: 'guest', url: '/no/such/page' },
];

/** The pages of the public frame for a signed-in user who may not be verified. */
export const ACCOUNT_PAGES: PageToWalk[] = [
  {
    pattern: '/verify-email',
    visitor: 'unverified',
    url: '/verify-email',
    popups: [dialog('change email', either('Wrong address? Change it', '¿Dirección equivocada? Cámbiela'))],
  },
  { pattern: '/no-access', visitor: 'feature@demo.test', url: '/no-access' },
  { pattern: '/confirm-password', visitor: SHIPPER, url: '/confirm-password?redirect=%2Fsettings' },
];

export const CUSTOMER_PAGES: PageToWalk[] = [
  { pattern: '/', visitor: SHIPPER, url: '/', popups: [PROFILE_MENU, SUPPORT_DIALOG, SUPPORT_CHAT, PHONE_NAVIGATION] },
  { pattern: '/:clientrefnum', visitor: SHIPPER, url: '/SO-5521' },
  { pattern: '/:clientrefnum/q', visitor: SHIPPER, url: '/SO-5521/q' },
  { pattern: '/quote', visitor: SHIPPER, url: '/quote' },
  // Opening a quote rates it again. An LTL one, so the walk never probes the demo's paused parcel
  // carrier (FedEx Ground) and resumes it before the scenario that reads its pause.
  {
    pattern: '/quote/:id/:return?',
    visitor: SHIPPER,
    url: async (lookup) => `/quote/${await firstId(lookup, '/api/quotes?per_page=50', (q) => q.mode === 'ltl')}`,
  },
  { pattern: '/quote-shipment', visitor: SHIPPER, url: '/quote-shipment' },
  { pattern: '/quote-shipment/international', visitor: SHIPPER, url: '/quote-shipment/international' },
  {
    pattern: '/quote-shipment/:id/:return?',
    visitor: SHIPPER,
    url: async (lookup) => `/quote-shipment/${await firstId(lookup, '/api/quotes?per_page=50', (q) => q.mode === 'ltl')}`,
  },
  {
    pattern: '/ebay-quote/:ebayId',
    visitor: SHIPPER,
    url: async (lookup) => `/ebay-quote/${await firstId(lookup, '/api/ebay/orders', (o) => o.status === 'awaiting')}`,
  },
  {
    pattern: '/quote-ebay-shipment/:ebayId',
    visitor: SHIPPER,
    url: async (lookup) => `/quote-ebay-shipment/${await firstId(lookup, '/api/ebay/orders', (o) => o.status === 'awaiting')}`,
  },
  { pattern: '/orders/ebay', visitor: SHIPPER, url: '/orders/ebay' },
  {
    pattern: '/product-catalog',
    visitor: SHIPPER,
    url: '/product-catalog',
    popups: [
      dialog('add product', either('Add product', 'Agregar producto')),
      dialog('upload products', either('Upload CSV', 'Subir CSV')),
      dialog('product detail', startsWith('View ', 'Ver ')),
      dialog('edit product', startsWith('Edit ', 'Editar ')),
      dialog('delete product', startsWith('Delete ', 'Eliminar ')),
    ],
  },
  {
    pattern: '/settings',
    visitor: SHIPPER,
    url: '/settings',
    popups: [
      dialog('change password', either('Change password', 'Cambiar contraseña')),
      dialog('carrier visibility', either('Carrier visibility', 'Visibilidad de transportistas')),
    ],
  },
  {
    pattern: '/settings/account',
    visitor: SHIPPER,
    url: '/settings/account',
    popups: [
      dialog('billing address', either('Edit billing address', 'Editar la dirección de facturación')),
      dialog('account address', either('Edit account address', 'Editar la dirección de la cuenta')),
    ],
  },
  {
    pattern: '/settings/api',
    visitor: SHIPPER,
    url: '/settings/api',
    popups: [
      dialog('new credential', either('New credential', 'Nueva credencial')),
      dialog('withdraw partner', either('Withdraw', 'Retirar')),
      dialog('add webhook', either('Add webhook', 'Agregar webhook')),
      dialog('webhook deliveries', either('Deliveries', 'Entregas')),
      dialog('edit webhook', either('Edit', 'Editar')),
      dialog('rotate webhook secret', either('Rotate secret', 'Rotar secreto')),
      dialog('delete webhook', either('Delete', 'Eliminar')),
    ],
  },
  {
    pattern: '/settings/rules',
    visitor: SHIPPER,
    url: '/settings/rules',
    popups: [dialog('new rule', either('Add rule', 'Agregar regla')), dialog('edit rule', startsWith('Edit rule', 'Editar la regla'))],
  },
  { pattern: '/settings/credit', visitor: SHIPPER, url: '/settings/credit' },
  { pattern: '/settings/security', visitor: SHIPPER, url: '/settings/security' },
  {
    pattern: '/settings/team',
    visitor: SHIPPER,
    url: '/settings/team',
    popups: [dialog('invite a colleague', either('Invite a colleague', 'Invitar a un colega'))],
  },
  { pattern: '/settings/activity', visitor: SHIPPER, url: '/settings/activity' },
  { pattern: '/settings/payment-methods', visitor: SHIPPER, url: '/settings/payment-methods' },
  { pattern: '/truckload', visitor: SHIPPER, url: '/truckload' },
  {
    pattern: '/truckload/:id/:return?',
    visitor: SHIPPER,
    url: async (lookup) => `/truckload/${await firstId(lookup, '/api/quotes?per_page=100', (q) => q.mode === 'truckload')}`,
  },
  { pattern: '/quote-history', visitor: SHIPPER, url: '/quote-history' },
  { pattern: '/saved-quotes', visitor: SHIPPER, url: '/saved-quotes' },
  { pattern: '/track', visitor: SHIPPER, url: '/track' },
  {
    pattern: '/track/detail/:loadId',
    visitor: SHIPPER,
    // A shipment not picked up yet: every action (reship, return, cancel) is offered.
    url: async (lookup) => `/track/detail/${await firstId(lookup, '/api/shipments?per_page=100', (s) => s.status === 'pending')}`,
    popups: [
      dialog('share tracking link', either('Share public tracking link', 'Compartir enlace de rastreo público')),
      dialog('reship', either('Reship', 'Volver a enviar')),
      dialog('return ship', either('Return ship', 'Envío de devolución')),
      dialog('cancel shipment', either('Cancel shipment', 'Cancelar envío')),
    ],
  },
  {
    pattern: '/my-shipments',
    visitor: SHIPPER,
    url: '/my-shipments',
    popups: [
      { name: 'shipment actions', kind: 'menu', open: [SHIPMENT_ROW_MENU] },
      { name: 'reship', kind: 'dialog', open: [SHIPMENT_ROW_MENU, menuItem(either('Reship', 'Volver a enviar'))] },
      { name: 'cancel shipment', kind: 'dialog', open: [SHIPMENT_ROW_MENU, menuItem(either('Cancel shipment', 'Cancelar envío'))] },
    ],
  },
  { pattern: '/alerts', visitor: SHIPPER, url: '/alerts?status=all' },
  { pattern: '/approvals', visitor: SHIPPER, url: '/approvals?status=all' },
  {
    pattern: '/approvals/:id',
    visitor: SHIPPER,
    // The demo's booking waiting for approval (its admin decides), else any one.
    url: async (lookup) =>
      `/approvals/${await firstId(lookup, '/api/approvals?status=pending', () => true).catch(() => firstId(lookup, '/api/approvals'))}`,
    popups: [dialog('approve booking', either('Approve', 'Aprobar')), dialog('decline booking', either('Decline', 'Rechazar'))],
  },
  // A mailed link already used or unknown: the page says so and leads to Approvals.
  { pattern: '/approvals/link/:token', visitor: SHIPPER, url: '/approvals/link/no-such-link' },
  { pattern: '/claims', visitor: SHIPPER, url: '/claims' },
  {
    pattern: '/claims/:id',
    visitor: SHIPPER,
    // The demo's claim once one is filed or seeded; before that the page's "not found" state.
    url: async (lookup) => {
      const { data } = (await lookup('/api/claims')) as Listed;
      return data[0] ? `/claims/${encodeURIComponent(data[0].id)}` : '/claims/no-such-claim';
    },
  },
  {
    pattern: '/claims/file/:shipmentId',
    visitor: SHIPPER,
    // The claim form of a delivered shipment.
    url: async (lookup) => `/claims/file/${await firstId(lookup, '/api/shipments?per_page=100', (s) => s.status === 'delivered')}`,
  },
  { pattern: '/batches', visitor: SHIPPER, url: '/batches' },
  {
    pattern: '/batches/:id',
    visitor: SHIPPER,
    // The newest of the demo shipper's batches: the demo's half-booked one, or one a scenario uploaded since.
    url: async (lookup) => {
      const { data } = (await lookup('/api/batches')) as Listed;
      return data[0] ? `/batches/${encodeURIComponent(data[0].id)}` : '/batches/no-such-batch';
    },
  },
  {
    pattern: '/address-book',
    visitor: SHIPPER,
    url: '/address-book',
    popups: [
      dialog('add address', either('Add address', 'Agregar dirección')),
      dialog('upload addresses', either('Upload CSV', 'Subir CSV')),
      { name: 'address options', kind: 'menu', open: [ADDRESS_ROW_MENU] },
      { name: 'address detail', kind: 'dialog', open: [ADDRESS_ROW_MENU, menuItem(either('View', 'Ver'))] },
      { name: 'edit address', kind: 'dialog', open: [ADDRESS_ROW_MENU, menuItem(either('Edit', 'Editar'))] },
      { name: 'delete address', kind: 'dialog', open: [ADDRESS_ROW_MENU, menuItem(either('Delete', 'Eliminar'))] },
    ],
  },
  // A year of the demo shipper's shipments: every figure, chart and table has something to show.
  { pattern: '/analytics', visitor: SHIPPER, url: '/analytics?period=year' },
  {
    pattern: '/my-invoices',
    visitor: SHIPPER,
    url: '/my-invoices',
    popups: [
      {
        name: 'pay selected',
        kind: 'dialog',
        open: [
          { role: 'checkbox', name: startsWith('Select invoice ', 'Seleccionar la factura ') },
          button(/^(Pay \d+ selected invoices?|Pagar \d+ facturas? seleccionadas?)$/),
        ],
      },
    ],
  },
  { pattern: '/my-invoices/history', visitor: SHIPPER, url: '/my-invoices/history' },
  {
    pattern: '/invoice-detail/:id',
    visitor: SHIPPER,
    // A disputed invoice with a balance (its dispute thread, Dispute and Pay); once a scenario has
    // credited that dispute, any invoice with a balance (Dispute and Pay).
    url: async (lookup) =>
      `/invoice-detail/${await firstId(
        lookup,
        '/api/invoices?per_page=100',
        (i) => Number(i.disputed_cents) > 0 && Number(i.balance_cents) > 0,
        (i) => Number(i.balance_cents) > 0,
      )}`,
    popups: [dialog('dispute', either('Dispute', 'Disputar')), dialog('pay', either('Pay', 'Pagar'))],
  },
  { pattern: '/video-tutorials', visitor: SHIPPER, url: '/video-tutorials' },
  { pattern: '/support', visitor: SHIPPER, url: '/support' },
  {
    pattern: '/support/:id',
    visitor: SHIPPER,
    url: async (lookup) => `/support/${await firstId(lookup, '/api/support/conversations')}`,
  },
];
