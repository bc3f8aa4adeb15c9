// What the walk's page lists (every-page.ts) are made of: who visits, the controls and popups,
// the helpers that find a record to open. Pure data, nothing of Playwright's.

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

export const button = (name: RegExp): Control => ({ role: 'button', name });
export const menuItem = (name: RegExp): Control => ({ role: 'menuitem', name });
/** A dialog its page's button opens. */
export const dialog = (name: string, opener: RegExp): Popup => ({ name, kind: 'dialog', open: [button(opener)] });

export interface Listed {
  data: Array<Record<string, unknown> & { id: string }>;
}

type Where = (row: Record<string, unknown>) => boolean;

/**
 * The id of the first record a list endpoint returns that `where` accepts, or failing that `otherwise`:
 * scenarios share the demo data and may settle the record the walk prefers before it runs.
 */
export async function firstId(lookup: Lookup, path: string, where: Where = () => true, otherwise?: Where) {
  const { data } = (await lookup(path)) as Listed;
  const found = data.find(where) ?? (otherwise && data.find(otherwise));
  // What the list held, so a failure in CI says which scenario left the demo data otherwise.
  if (!found) throw new Error(`no record in ${path} for the walk; it held ${data.length}: ${JSON.stringify(data.slice(0, 10))}`);
  return encodeURIComponent(found.id);
}

/** The first demo BOL: the public tracking page shows its events. */
export const DEMO_BOL = '06141410090000008';

/** The header's menus and panels: walked on one page of each area, they are the same on every page. */
export const PROFILE_MENU: Popup = { name: 'profile menu', kind: 'menu', open: [button(/profile menu$|menú del perfil$/)] };
export const SUPPORT_DIALOG: Popup = {
  name: 'support dialog',
  kind: 'dialog',
  open: [button(/profile menu$|menú del perfil$/), menuItem(either('Support', 'Soporte'))],
};
export const PHONE_NAVIGATION: Popup = {
  name: 'navigation panel',
  kind: 'navigation',
  open: [button(either('Toggle navigation', 'Mostrar u ocultar la navegación'))],
};
export const SUPPORT_CHAT: Popup = {
  name: 'support chat',
  kind: 'dialog',
  open: [button(startsWith('Chat with support', 'Chatear con soporte'))],
};

/** An API credential's dialogs, on the OAuth page and a partner's. */
export const CREDENTIAL_DIALOGS: Popup[] = [
  dialog('new credential', either('New credential', 'Nueva credencial')),
  dialog('credential calls', startsWith('Calls of ', 'Llamadas de ')),
  dialog('rotate credential', startsWith('Rotate ', 'Rotar ')),
  dialog('revoke credential', startsWith('Revoke ', 'Revocar ')),
];

/** The first row's menu button of a list. */
export const SHIPMENT_ROW_MENU = button(startsWith('Actions for ', 'Acciones para '));
export const ADDRESS_ROW_MENU = button(startsWith('Options for ', 'Opciones de '));

export const SHIPPER = 'shipper@demo.test';
export const SUPER = 'super@demo.test';
