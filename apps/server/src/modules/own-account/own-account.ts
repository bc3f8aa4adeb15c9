import { isStaff } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ownAccountRepository, type RecordKind } from './own-account.repository';

/**
 * Nobody decides, approves or changes anything for their own account through the staff area. A
 * customer's user may be given a staff role (a customer's accountant made fpg_accounting, say); as
 * staff they then reach every account's credit, disputes, refunds, pricing and suspension, their
 * own among them. Each unsafe staff route names here how to find the customer accounts it is about,
 * or is listed as about none; a staff user who is a member of one of those accounts is refused (403
 * with the words `errors.own_account`) before anything else is looked at. A test walks every unsafe staff route: one this file does
 * not name fails it, so a new route is decided here when it is added.
 */

type Params = Record<string, string | undefined>;
type Body = Record<string, unknown> | undefined;
/** The accounts a request is about: ids given in the request, or the accounts of records it names. */
type Finder = (request: FastifyRequest, records: ReturnType<typeof ownAccountRepository>) => Promise<string[]>;

const param = (request: FastifyRequest, name: string) => (request.params as Params)[name];
const bodyField = (request: FastifyRequest, name: string) => (request.body as Body)?.[name];
/** The account named in the path or the body. */
const account =
  (from: (request: FastifyRequest) => unknown): Finder =>
  async (request) => {
    const id = from(request);
    return typeof id === 'string' ? [id] : [];
  };
/** The account of the record of `kind` whose id is the path's `name` (or, given a function, the ids it finds). */
const recordOf =
  (kind: RecordKind, ids: (request: FastifyRequest) => unknown = (request) => param(request, 'id')): Finder =>
  async (request, records) => {
    const found = ids(request);
    const list = (Array.isArray(found) ? found : [found]).filter((v): v is string => typeof v === 'string');
    return records.accountsOf(kind, list);
  };
/** The connections of the Integrations page, by kind; a partner's app belongs to no account. */
const INTEGRATION_RECORDS: Record<string, RecordKind | undefined> = {
  credential: 'oauthClient',
  webhook: 'webhook',
  ebay_store: 'ebayStore',
};

/** The unsafe staff routes about customer accounts (route patterns; a prefix ending in '/' covers what is below it). */
export const ACCOUNT_ROUTES: ReadonlyArray<readonly [pattern: RegExp, find: Finder]> = [
  [/^\/api\/admin\/accounts\/:id(\/|$)/, account((r) => param(r, 'id'))],
  [/^\/api\/admin\/(roles\/)?users\/:id(\/|$)/, recordOf('user')],
  [/^\/api\/admin\/shipments\/:id\//, recordOf('shipment')],
  [/^\/api\/admin\/support\/conversations\/:id\//, recordOf('conversation')],
  [/^\/api\/admin\/disputes\/:id\//, recordOf('dispute')],
  [/^\/api\/admin\/claims\/:id\//, recordOf('claim')],
  [/^\/api\/admin\/credit-applications\/:id\//, recordOf('creditApplication')],
  // A pricing program's key is its account's id ('default' is every account's and no one's own).
  [/^\/api\/admin\/pricing-programs\/:key(\/|$)/, account((r) => param(r, 'key'))],
  [/^\/api\/admin\/integration-partners\/:id\/accounts$/, account((r) => bodyField(r, 'account_id'))],
  [/^\/api\/admin\/integration-partners\/:id\/accounts\/:accountId$/, account((r) => param(r, 'accountId'))],
  [/^\/api\/admin\/oauth-clients$/, account((r) => bodyField(r, 'account_id'))],
  [/^\/api\/admin\/oauth-clients\/:id\//, recordOf('oauthClient')],
  [/^\/api\/admin\/exceptions\/acknowledge$/, recordOf('alert', (r) => bodyField(r, 'ids'))],
  // A shipment across the border: its entry reference recorded, a corrected document sent.
  [/^\/api\/admin\/customs\/:id\//, recordOf('shipment')],
  [
    /^\/api\/admin\/integrations\/:kind\/:id$/,
    async (request, records) => {
      const kind = INTEGRATION_RECORDS[param(request, 'kind') ?? ''];
      return kind ? recordOf(kind)(request, records) : [];
    },
  ],
];

/**
 * The unsafe staff routes about no customer account: the provider's own catalogs, carriers and their
 * tariffs and invoices, notices, staff invitations, saved views and canned answers, the duty-rate
 * tables, and partners as a whole.
 */
export const NO_ACCOUNT_ROUTES: readonly RegExp[] = [
  /^\/api\/admin\/saved-views(\/|$)/,
  /^\/api\/admin\/support\/(canned-answers|attachments)(\/|$)/,
  /^\/api\/admin\/scac-aliases(\/|$)/,
  /^\/api\/admin\/roles\/invitations$/,
  /^\/api\/admin\/notifications(\/|$)/,
  /^\/api\/admin\/truckloads\/equipment-types(\/|$)/,
  /^\/api\/admin\/diesel-prices(\/|$)/,
  /^\/api\/admin\/carriers\/:id(\/|$)/,
  /^\/api\/admin\/carrier-invoices(\/|$)/,
  /^\/api\/admin\/carrier-payables\//,
  /^\/api\/admin\/part-catalog(\/|$)/,
  /^\/api\/admin\/duty-rates\//,
  /^\/api\/admin\/incidents\/:id\//,
  /^\/api\/admin\/integration-partners(\/:id)?$/,
  /^\/api\/admin\/integration-partners\/:id\/webhooks(\/|$)/,
];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The finder of an unsafe staff route, null for one about no account, undefined for one this file does not name. */
export function accountFinderOf(url: string): Finder | null | undefined {
  const found = ACCOUNT_ROUTES.find(([pattern]) => pattern.test(url));
  if (found) return found[1];
  return NO_ACCOUNT_ROUTES.some((pattern) => pattern.test(url)) ? null : undefined;
}

/**
 * Refuses a staff write about the caller's own customer account. It runs before the route's own
 * guards and before the body is validated (its finders read the parsed body as it came), so the
 * answer is the same whatever else is wrong with the request; a caller who is no staff user is left
 * to the route's guard.
 */
export function installOwnAccountRule(app: FastifyInstance, ctx: Pick<AppContext, 'db'>) {
  const records = ownAccountRepository(ctx.db);
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/admin/') || !UNSAFE.has(request.method)) return;
    const user = request.auth?.user;
    if (!user || !isStaff(user.roles)) return;
    const own = user.accountId;
    if (!own) return;
    const find = accountFinderOf(url);
    // A route nobody decided about is refused to a customer's member rather than let through.
    if (find === undefined) throw new AppError(403, 'forbidden', 'errors.own_account');
    if (find && (await find(request, records)).includes(own)) throw new AppError(403, 'forbidden', 'errors.own_account');
  });
}
