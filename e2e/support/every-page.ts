/**
 * Every page of the app, for the accessibility walk (e2e/tests/a11y-every-page.spec.ts): the router
 * pattern each entry stands for, a concrete URL on the demo data, who opens it and the dialogs,
 * menus and panels it opens. apps/web/src/app/everyPage.test.ts fails when the web router has a
 * route this list does not walk, or this list a pattern the router no longer has.
 *
 * Pure data and small helpers: the web unit test imports it, so nothing of Playwright's.
 */

/**
 * Who opens a page: a guest, a demo user (the walk signs in as a look-alike of theirs, in the same
 * account), or a user signed up for the walk whose email is not verified yet.
 */
export type Visitor =
  | 'guest'
  | 'unverified'
  | 'shipper@demo.test'
  | 'super@demo.test'
  /** The feature-preview role alone: neither a customer account nor an admin page. */
  | 'feature@demo.test';

export type Language = 'en' | 'es';
export const LANGUAGES: readonly Language[] = ['en', 'es'];

/**
 * A control found by its role and accessible name, a pattern matching it in English and in
 * Spanish; the first enabled one when several match (the first row's).
 */
export interface Control {
  role: 'button' | 'menuitem' | 'checkbox';
  name: RegExp;
}

/**
 * What a page opens:
 * - 'dialog': a `[role=dialog]` (modal, drawer, popover), checked by the axe watcher as it appears;
 * - 'menu': a `[role=menu]` dropdown, checked when open (the watcher waits for a menu to close);
 * - 'navigation': the phone's navigation panel behind the burger, checked when open.
 */
export interface Popup {
  /** How the walk's test names it. */
  name: string;
  kind: 'dialog' | 'menu' | 'navigation';
  /** The controls pressed in order (a row's menu, then its item); the last one opens it. */
  open: Control[];
}

/** Reads the API as the walk's user for a page (the shipper's data for a guest's link). */
export type Lookup = (path: string) => Promise<unknown>;

export interface PageToWalk {
  /** The route's full path as the router matches it. */
  pattern: string;
  visitor: Visitor;
  /** The URL opened: a fixed one, or one built from demo records looked up at run time. */
  url: string | ((lookup: Lookup) => Promise<string>);
  /** Who looks the URL's records up, when not the visitor (a guest opens a link a shipper got). */
  lookupAs?: Exclude<Visitor, 'guest' | 'unverified'>;
  popups?: readonly Popup[];
}

/** Routes that only redirect: nothing of their own to check. */
export const REDIRECTS: readonly { pattern: string; to: string }[] = [{ pattern: '/admin', to: '/admin/dashboard' }];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name that is exactly the English or the Spanish text. */
export const either = (en: string, es: string) => new RegExp(`^(${literal(en)}|${literal(es)})$`);
/** A name that starts with the English or the Spanish text (a name that goes on with a record's own). */
export const startsWith = (en: string, es: string) => new RegExp(`^(${literal(en)}|${literal(es)})`);

const button = (name: RegExp): Control => ({ role: 'button', name });
const menuItem = (name: RegExp): Control => ({ role: 'menuitem', name });
/** A dialog its page's button opens. */
const dialog = (name: string, opener: RegExp): Popup => ({ name, kind: 'dialog', open: [button(opener)] });

interface Listed {
  data: Array<Record<string, unknown> & { id: string }>;
}

type Where = (row: Record<string, unknown>) => boolean;

/**
 * The id of the first record a list endpoint returns that `where` accepts, or failing that `otherwise`:
 * scenarios share the demo data and may settle the record the walk prefers before it runs.
 */
async function firstId(lookup: Lookup, path: string, where: Where = () => true, otherwise?: Where) {
  const { data } = (await lookup(path)) as Listed;
  const found = data.find(where) ?? (otherwise && data.find(otherwise));
  // What the list held, so a failure in CI says which scenario left the demo data otherwise.
  if (!found) throw new Error(`no record in ${path} for the walk; it held ${data.length}: ${JSON.stringify(data.slice(0, 10))}`);
  return encodeURIComponent(found.id);
}

/** The first demo BOL: the public tracking page shows its events. */
const DEMO_BOL = '06141410090000008';

/** The header's menus and panels: walked on one page of each area, they are the same on every page. */
const PROFILE_MENU: Popup = { name: 'profile menu', kind: 'menu', open: [button(/profile menu$|menú del perfil$/)] };
const SUPPORT_DIALOG: Popup = {
  name: 'support dialog',
  kind: 'dialog',
  open: [button(/profile menu$|menú del perfil$/), menuItem(either('Support', 'Soporte'))],
};
const PHONE_NAVIGATION: Popup = {
  name: 'navigation panel',
  kind: 'navigation',
  open: [button(either('Toggle navigation', 'Mostrar u ocultar la navegación'))],
};
const SUPPORT_CHAT: Popup = {
  name: 'support chat',
  kind: 'dialog',
  open: [button(startsWith('Chat with support', 'Chatear con soporte'))],
};

/** An API credential's dialogs, on the OAuth page and a partner's. */
const CREDENTIAL_DIALOGS: Popup[] = [
  dialog('new credential', either('New credential', 'Nueva credencial')),
  dialog('credential calls', startsWith('Calls of ', 'Llamadas de ')),
  dialog('rotate credential', startsWith('Rotate ', 'Rotar ')),
  dialog('revoke credential', startsWith('Revoke ', 'Revocar ')),
];

/** The first row's menu button of a list. */
const SHIPMENT_ROW_MENU = button(startsWith('Actions for ', 'Acciones para '));
const ADDRESS_ROW_MENU = button(startsWith('Options for ', 'Opciones de '));

const SHIPPER = 'shipper@demo.test';
const SUPER = 'super@demo.test';

/** The pages a stranger reaches: the guest pages, sign-up and the password pages, the public frame's pages. */
const GUEST_PAGES: PageToWalk[] = [
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
const ACCOUNT_PAGES: PageToWalk[] = [
  {
    pattern: '/verify-email',
    visitor: 'unverified',
    url: '/verify-email',
    popups: [dialog('change email', either('Wrong address? Change it', '¿Dirección equivocada? Cámbiela'))],
  },
  { pattern: '/no-access', visitor: 'feature@demo.test', url: '/no-access' },
  { pattern: '/confirm-password', visitor: SHIPPER, url: '/confirm-password?redirect=%2Fsettings' },
];

const CUSTOMER_PAGES: PageToWalk[] = [
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
  {
    pattern: '/quote-shipment/international',
    visitor: SHIPPER,
    url: '/quote-shipment/international',
    popups: [dialog('contact support', either('Contact support', 'Contactar a soporte'))],
  },
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
    // A batch the batches scenario uploaded, when it ran first; before that the page's "not found" state.
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

const ADMIN_PAGES: PageToWalk[] = [
  {
    pattern: '/admin/dashboard',
    visitor: SUPER,
    url: '/admin/dashboard',
    popups: [PROFILE_MENU, PHONE_NAVIGATION, dialog('resolve dispute', startsWith('Resolve the dispute of ', 'Resolver la disputa de '))],
  },
  { pattern: '/admin/security', visitor: SUPER, url: '/admin/security' },
  { pattern: '/admin/accounts', visitor: SUPER, url: '/admin/accounts' },
  {
    pattern: '/admin/accounts/:id',
    visitor: SUPER,
    // The demo shipper: on credit terms, with invoices and a dispute.
    url: async (lookup) => `/admin/accounts/${await firstId(lookup, '/api/admin/accounts', (a) => a.name === 'Demo Shipper Co')}`,
    popups: [
      dialog('edit company', either('Edit company', 'Editar empresa')),
      dialog('suspend account', either('Suspend account', 'Suspender cuenta')),
      dialog('place hold', either('Place hold', 'Colocar bloqueo')),
    ],
  },
  {
    pattern: '/admin/quotes/:id',
    visitor: SUPER,
    // The demo shipper's latest quote, from its account's page.
    url: async (lookup) => {
      const accountId = await firstId(lookup, '/api/admin/accounts', (a) => a.name === 'Demo Shipper Co');
      const { data } = (await lookup(`/api/admin/accounts/${accountId}`)) as { data: { recent_quotes: Listed['data'] } };
      const quote = data.recent_quotes[0];
      if (!quote) throw new Error('Demo Shipper Co has no quote for the walk');
      return `/admin/quotes/${encodeURIComponent(quote.id)}`;
    },
  },
  {
    pattern: '/admin/roles',
    visitor: SUPER,
    url: '/admin/roles',
    popups: [
      dialog('invite staff user', either('Invite staff user', 'Invitar a un usuario del personal')),
      dialog('edit roles', startsWith('Edit roles of ', 'Editar roles de ')),
    ],
  },
  { pattern: '/admin/carriers', visitor: SUPER, url: '/admin/carriers' },
  {
    pattern: '/admin/carriers/:id',
    visitor: SUPER,
    url: async (lookup) => `/admin/carriers/${await firstId(lookup, '/api/admin/carriers', (c) => c.active === true)}`,
    popups: [
      dialog('switch carrier off', either('Switch off', 'Desactivar')),
      dialog('rotate tracking key', either('Rotate key', 'Rotar clave')),
      dialog('tariff version', startsWith('View ', 'Ver ')),
    ],
  },
  { pattern: '/admin/pricing', visitor: SUPER, url: '/admin/pricing' },
  { pattern: '/admin/margin', visitor: SUPER, url: '/admin/margin' },
  { pattern: '/admin/carrier-scorecards', visitor: SUPER, url: '/admin/carrier-scorecards' },
  {
    pattern: '/admin/carrier-scorecards/:id',
    visitor: SUPER,
    // A scorecard is a carrier's: any active carrier's id opens one.
    url: async (lookup) => `/admin/carrier-scorecards/${await firstId(lookup, '/api/admin/carriers', (c) => c.active === true)}`,
  },
  { pattern: '/admin/carrier-invoices', visitor: SUPER, url: '/admin/carrier-invoices' },
  { pattern: '/admin/carrier-invoices/payables', visitor: SUPER, url: '/admin/carrier-invoices/payables' },
  {
    pattern: '/admin/carrier-invoices/:id',
    visitor: SUPER,
    // A demo invoice waiting for audit (its actions' dialogs), or any once scenarios have decided them.
    url: async (lookup) =>
      `/admin/carrier-invoices/${await firstId(
        lookup,
        '/api/admin/carrier-invoices',
        (i) => i.status === 'pending_audit',
        () => true,
      )}`,
    popups: [dialog('approve', either('Approve', 'Aprobar'))],
  },
  {
    pattern: '/admin/pricing/:key',
    visitor: SUPER,
    url: '/admin/pricing/default',
    popups: [dialog('program version', startsWith('View ', 'Ver '))],
  },
  {
    pattern: '/admin/integration-partners',
    visitor: SUPER,
    url: '/admin/integration-partners',
    popups: [dialog('add partner', either('Add partner', 'Agregar socio'))],
  },
  {
    pattern: '/admin/integration-partners/:id',
    visitor: SUPER,
    // A partner with an account and a credential: every section of the page has rows.
    url: async (lookup) =>
      `/admin/integration-partners/${await firstId(lookup, '/api/admin/integration-partners', (p) => Number(p.credentials) > 0)}`,
    popups: [
      dialog('edit partner', either('Edit company', 'Editar empresa')),
      dialog('remove account', startsWith('Remove ', 'Quitar ')),
      ...CREDENTIAL_DIALOGS,
      dialog('add webhook', either('Add webhook', 'Agregar webhook')),
    ],
  },
  {
    pattern: '/admin/truckloads/equipment-types',
    visitor: SUPER,
    url: '/admin/truckloads/equipment-types',
    popups: [
      dialog('add equipment type', either('Add equipment type', 'Agregar tipo de equipo')),
      dialog('edit equipment type', startsWith('Edit ', 'Editar ')),
      dialog('retire equipment type', startsWith('Retire ', 'Retirar ')),
    ],
  },
  { pattern: '/admin/incidents', visitor: SUPER, url: '/admin/incidents' },
  {
    pattern: '/admin/incidents/:id',
    visitor: SUPER,
    url: async (lookup) => `/admin/incidents/${await firstId(lookup, '/api/admin/incidents')}`,
  },
  { pattern: '/admin/shipments', visitor: SUPER, url: '/admin/shipments' },
  {
    pattern: '/admin/shipments/:id',
    visitor: SUPER,
    // A shipment not picked up yet: every staff action is offered.
    url: async (lookup) => `/admin/shipments/${await firstId(lookup, '/api/admin/shipments', (s) => s.status === 'pending')}`,
    popups: [
      dialog('add tracking event', either('Add tracking event', 'Agregar evento de rastreo')),
      dialog('set action required', either('Set Action Required', 'Marcar Acción requerida')),
      dialog('cancel for the shipper', either('Cancel for the shipper', 'Cancelar por el remitente')),
      dialog('change estimated delivery', either('Change estimated delivery', 'Cambiar la entrega estimada')),
    ],
  },
  {
    pattern: '/admin/part-catalog',
    visitor: SUPER,
    url: '/admin/part-catalog',
    popups: [
      dialog('add part', either('Add part', 'Agregar pieza')),
      dialog('import parts', either('Import CSV', 'Importar CSV')),
      dialog('edit part', startsWith('Edit ', 'Editar ')),
      dialog('delete part', startsWith('Delete ', 'Eliminar ')),
    ],
  },
  {
    pattern: '/admin/scac-aliases',
    visitor: SUPER,
    url: '/admin/scac-aliases',
    popups: [
      dialog('add alias', either('Add alias', 'Agregar alias')),
      dialog('edit alias', startsWith('Edit ', 'Editar ')),
      dialog('delete alias', startsWith('Delete ', 'Eliminar ')),
    ],
  },
  { pattern: '/admin/integrations', visitor: SUPER, url: '/admin/integrations' },
  { pattern: '/admin/oauth', visitor: SUPER, url: '/admin/oauth', popups: CREDENTIAL_DIALOGS },
  {
    pattern: '/admin/notifications',
    visitor: SUPER,
    url: '/admin/notifications',
    popups: [dialog('retire notice', either('Retire', 'Retirar'))],
  },
  { pattern: '/admin/notifications/new', visitor: SUPER, url: '/admin/notifications/new' },
  {
    pattern: '/admin/notifications/edit/:id',
    visitor: SUPER,
    url: async (lookup) => `/admin/notifications/edit/${await firstId(lookup, '/api/admin/notifications')}`,
  },
  { pattern: '/admin/audit-log', visitor: SUPER, url: '/admin/audit-log' },
  { pattern: '/admin/support', visitor: SUPER, url: '/admin/support' },
  { pattern: '/admin/credit-applications', visitor: SUPER, url: '/admin/credit-applications' },
  {
    pattern: '/admin/credit-applications/:id',
    visitor: SUPER,
    url: async (lookup) =>
      `/admin/credit-applications/${await firstId(lookup, '/api/admin/credit-applications', (a) => a.status === 'pending')}`,
  },
  { pattern: '/admin/claims', visitor: SUPER, url: '/admin/claims' },
  {
    pattern: '/admin/claims/:id',
    visitor: SUPER,
    url: async (lookup) => {
      const { data } = (await lookup('/api/admin/claims')) as Listed;
      return `/admin/claims/${data[0] ? encodeURIComponent(data[0].id) : 'no-such-claim'}`;
    },
  },
  { pattern: '/admin/exceptions', visitor: SUPER, url: '/admin/exceptions' },
  { pattern: '/admin/*', visitor: SUPER, url: '/admin/no-such-page' },
];

export const EVERY_PAGE: readonly PageToWalk[] = [...GUEST_PAGES, ...ACCOUNT_PAGES, ...CUSTOMER_PAGES, ...ADMIN_PAGES];
