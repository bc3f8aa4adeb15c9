import {
  CREDENTIAL_DIALOGS,
  dialog,
  either,
  firstId,
  type Listed,
  type PageToWalk,
  PHONE_NAVIGATION,
  PROFILE_MENU,
  SUPER,
  startsWith,
} from './every-page-parts';

// The walk's pages of the admin area, walked as the super admin (every door open).

export const ADMIN_PAGES: PageToWalk[] = [
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
  { pattern: '/admin/customs', visitor: SUPER, url: '/admin/customs' },
  { pattern: '/admin/customs/duty-rates', visitor: SUPER, url: '/admin/customs/duty-rates?country=MX' },
  { pattern: '/admin/*', visitor: SUPER, url: '/admin/no-such-page' },
];
