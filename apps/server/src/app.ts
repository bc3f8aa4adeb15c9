import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { BackgroundTasks } from './background';
import type { Config } from './config';
import type { AppContext } from './context';
import { appKeyOf } from './db/app-state';
import type { Database, Db, PoolUse } from './db/client';
import { JobRunner } from './jobs/jobs';
import { LiveStreams } from './live-streams';
import { createMailer, type Mailer, purgeOutbox } from './mail/mailer';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { staffAccountsRoutes } from './modules/admin/accounts.routes';
import { dashboardRoutes } from './modules/admin/dashboard.routes';
import { rolesRoutes } from './modules/admin/roles.routes';
import { adminExportsRoutes } from './modules/admin-exports/admin-exports.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { registerAnalyticsSummaryRefresh } from './modules/analytics/analytics-summary';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { automationRulesRoutes } from './modules/automation-rules/automation-rules.routes';
import { batchesRoutes } from './modules/batches/batches.routes';
import { batchesService } from './modules/batches/batches.service';
import { CarrierBreaker } from './modules/carrier-breaker/carrier-breaker';
import { registerPausedMail } from './modules/carrier-breaker/paused-mail';
import { carrierInvoicesRoutes } from './modules/carrier-invoices/carrier-invoices.routes';
import { carrierScorecardsRoutes } from './modules/carrier-scorecards/carrier-scorecards.routes';
import { rateFailureRecorder } from './modules/carrier-scorecards/rate-failures';
import { registerScorecardRefresh } from './modules/carrier-scorecards/scorecard-summary';
import { carriersRoutes } from './modules/carriers/carriers.routes';
import { cartaPorteRoutes } from './modules/carta-porte/carta-porte.routes';
import { claimsRoutes } from './modules/claims/claims.routes';
import { consigneeAlertsRoutes } from './modules/consignee-alerts/consignee-alerts.routes';
import { consigneeAlertsService } from './modules/consignee-alerts/consignee-alerts.service';
import { creditApplicationsRoutes } from './modules/credit-applications/credit-applications.routes';
import { customsRoutes } from './modules/customs/customs.routes';
import { deliveryWindowsRoutes } from './modules/delivery-windows/delivery-windows.routes';
import { dieselPricesRoutes } from './modules/diesel-prices/diesel-prices.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { proofOfDeliveryRoutes } from './modules/documents/proof-of-delivery.routes';
import { dutyRatesRoutes } from './modules/duty-rates/duty-rates.routes';
import { ebayRoutes } from './modules/ebay/ebay.routes';
import { equipmentTypesRoutes } from './modules/equipment-types/equipment-types.routes';
import { incidentsRoutes } from './modules/incidents/incidents.routes';
import { integrationPartnersRoutes } from './modules/integration-partners/integration-partners.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { marginRoutes } from './modules/margin/margin.routes';
import { credentialsService } from './modules/oauth/credentials.service';
import { oauthRoutes } from './modules/oauth/oauth.routes';
import { installOwnAccountRule } from './modules/own-account/own-account';
import { partCatalogRoutes } from './modules/part-catalog/part-catalog.routes';
import { checkAnswers } from './modules/partner-api/answer-checks';
import { rewriteApiUrl } from './modules/partner-api/api-routes';
import { installPartnerApi } from './modules/partner-api/bearer';
import { apiCallLog, purgeApiCallsBefore } from './modules/partner-api/call-log';
import { openApiRoutes } from './modules/partner-api/openapi.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { seedDemoCards } from './modules/payment-methods/demo-cards';
import { paymentMethodsRoutes } from './modules/payment-methods/payment-methods.routes';
import { paymentExtensionRoutes } from './modules/payments/payment-extension';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { paymentSetup } from './modules/payments/stripe.routes';
import { postalCodesRoutes } from './modules/postal-codes/postal-codes.routes';
import { pricingProgramsRoutes } from './modules/pricing-programs/pricing-programs.routes';
import { productsRoutes } from './modules/products/products.routes';
import { publicQuoteRoutes } from './modules/quotes/public-quote.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { salesRepsRoutes } from './modules/sales-reps/sales-reps.routes';
import { salesRequestsRoutes } from './modules/sales-requests/sales-requests.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { scacAliasesRoutes } from './modules/scac-aliases/scac-aliases.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shipmentWatchersRoutes } from './modules/shipment-watchers/shipment-watchers.routes';
import { shipmentsRoutes } from './modules/shipments/shipments.routes';
import { siteNotificationsRoutes } from './modules/site-notifications/site-notifications.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { staffCarriersRoutes } from './modules/staff-carriers/staff-carriers.routes';
import { staffQuotesRoutes } from './modules/staff-quotes/staff-quotes.routes';
import { staffShipmentsRoutes } from './modules/staff-shipments/staff-shipments.routes';
import { supportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { teamRoutes } from './modules/team/team.routes';
import { testSeedRoutes } from './modules/test-seed/test-seed.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { trackingKeyRoutes } from './modules/tracking/tracking-keys.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { installTwoFactorEnforcement } from './modules/two-factor-policy/enforcement';
import { twoFactorPolicyRoutes } from './modules/two-factor-policy/two-factor-policy.routes';
import { userSessionsRoutes } from './modules/user-sessions/user-sessions.routes';
import { usmcaRoutes } from './modules/usmca/usmca.routes';
import { webhooksRepository } from './modules/webhooks/webhooks.repository';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { endConnectionsOnClose } from './plugins/closing';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './plugins/errors';
import { indexPermissions } from './plugins/guards';
import { healthRoutes, Readiness } from './plugins/health';
import { logFormat, loggerOptions, OneLineRequestLog } from './plugins/logging';
import { AppMetrics, installMetrics } from './plugins/metrics';
import { installSessions } from './plugins/session';
import { serveWeb } from './plugins/web';
import { rememberPreviousAppKeys } from './security/app-keys';
import { Throttle } from './security/throttle';
import { traceRequests } from './telemetry/tracing';

const DAY_MS = 24 * 3600_000;
const OUTBOX_KEEP_MS = 2 * DAY_MS;
/** Partner API calls: staff pages read the last 14 days of them. */
const API_CALLS_KEEP_MS = 90 * DAY_MS;
/** Finished webhook deliveries: their owners read and replay them from the delivery log (docs/api.md). */
const WEBHOOK_DELIVERIES_KEEP_MS = 30 * DAY_MS;

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
    /** The durable job runner; tests call `app.jobs.runDue()` under their own clock. */
    jobs: JobRunner;
    /** What /readyz answers; a stopping process turns it to 503 first (drain.ts). */
    readiness: Readiness;
    /** The live streams open in this process, sent elsewhere when it stops. */
    liveStreams: LiveStreams;
    /**
     * The demo data that needs the app listening (the saved cards, made through the payment
     * simulator this app mounts): server.ts runs it after listen. Answers whether it added any.
     */
    seedAfterListen: () => Promise<boolean>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  now?: () => Date;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** LISTEN/NOTIFY of the database: live support messages between processes. */
  pubsub: Pick<Database, 'listen' | 'onListenReconnect'>;
  /** The PostgreSQL pool's use, for the metrics (none on the embedded database). */
  poolUse?: () => PoolUse;
  /** The carriers' rate adapters (AppContext.rateAdapterFor); tests only. */
  rateAdapterFor?: AppContext['rateAdapterFor'];
  /** The embedded Stripe simulator keeps its objects in this file (server.ts: beside the embedded database); memory only without. */
  simulatorStateFile?: string;
  /** Tests only: answers with a documented schema are checked against it (partner-api/answer-checks.ts). */
  checkAnswers?: boolean;
}

/** Builds the whole app from its dependencies; server.ts only starts it, tests `inject` into it. */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  // Development's log is for a person: pretty, one line a request (plugins/logging.ts).
  const pretty = deps.logger === undefined && logFormat(config.NODE_ENV) === 'pretty';
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.LOG_LEVEL, pretty ? 'pretty' : 'json'),
    ...(pretty ? { logController: new OneLineRequestLog() } : {}),
    // Trust exactly as many X-Forwarded-For hops as there are proxies: the client cannot add more.
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // The public API is the web's routes under /api/v1: see partner-api/api-routes.ts.
    rewriteUrl: (req) => rewriteApiUrl(req.url),
    // Refusals before any route runs, in the documented error shape (plugins/errors.ts): a URL
    // that does not decode or a path parameter over the router's limit (frameworkErrors), and
    // what Node's HTTP parser refuses, such as headers too large (clientErrorHandler). No hook
    // runs for the former, so its answer gets the security headers here.
    frameworkErrors: (error, request, reply) => securityHeaders(request.raw, reply.raw, () => frameworkErrorHandler(error, request, reply)),
    clientErrorHandler,
  });
  // First: the request's span is the parent of what every later hook does (the session's lookup).
  traceRequests(app);
  if (deps.checkAnswers) checkAnswers(app);
  indexPermissions(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // An API answer for a signed-in user is theirs alone: no shared or browser cache keeps it,
    // unless its route says how it may be kept (the postal code reference data, documents).
    if (request.auth && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(cookie);
  // The security headers of every response, computed once: @fastify/helmet rebuilt helmet's
  // middleware (parsing every CSP directive) on each request, ~1.3% of a quote's CPU.
  // Payments through Stripe itself: the card is typed into Stripe.js's Elements, a script and frames
  // of Stripe's that talk to its API (Stripe's own list); the simulator is this origin's.
  const stripeJs = config.paymentProvider === 'stripe';
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeJs ? ['https://js.stripe.com'] : [])],
        ...(stripeJs ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripeJs ? ['https://api.stripe.com'] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
  installErrorHandling(app);
  const metrics = new AppMetrics(app.log);
  installMetrics(app, metrics, config);

  const sessions = installSessions(app, { db, now, secureCookies: config.secureCookies });
  // Before any route: a staff write about the caller's own customer account is refused.
  installOwnAccountRule(app, { db });
  const background = new BackgroundTasks(app.log);
  app.decorate('background', background);
  const throttle = new Throttle(db, now);
  const jobs = new JobRunner(db, now, app.log, config.JOBS_LEASE_SECONDS * 1000);
  const liveStreams = new LiveStreams();
  const countRateFailure = rateFailureRecorder({ db, now, timeZone: config.BUSINESS_TIME_ZONE, background });
  const ctx: AppContext = {
    config,
    db,
    now,
    mailer: deps.mailer ?? createMailer({ db, mailUrl: config.MAIL_URL, from: config.MAIL_FROM, log: app.log, now }),
    appKey: rememberPreviousAppKeys(await appKeyOf(db, config.APP_KEY), config.APP_KEY_PREVIOUS),
    throttle,
    sessions,
    background,
    jobs,
    apiCalls: apiCallLog(db, app.log),
    liveStreams,
    carrierBreaker: new CarrierBreaker({
      db,
      now,
      throttle,
      jobs,
      log: app.log,
      onRateFailure: (carrierId, outcome) => {
        metrics.rateFailed(carrierId, outcome);
        countRateFailure(carrierId, outcome);
      },
    }),
    rateAdapterFor: deps.rateAdapterFor,
  };

  app.decorate('jobs', ctx.jobs);
  app.decorate('liveStreams', liveStreams);
  const readiness = new Readiness(db, jobs);
  app.decorate('readiness', readiness);
  healthRoutes(app, readiness);
  metrics.watch({
    poolUse: deps.poolUse,
    jobBacklog: () => jobs.backlog(),
    webhookBacklog: () => webhooksRepository(db).backlog(),
    carrierStates: () => ctx.carrierBreaker.carrierStates(),
    openLiveStreams: () => liveStreams.size,
    now,
  });
  registerPausedMail(ctx);
  const credentials = credentialsService(ctx);
  installPartnerApi(app, ctx, credentials);

  // First: @fastify/swagger documents the routes added after it (partner-api/openapi.ts).
  await openApiRoutes(app, ctx);
  installTwoFactorEnforcement(app, ctx);
  await authRoutes(app, ctx);
  await twoFactorRoutes(app, ctx);
  await passkeysRoutes(app, ctx);
  await userSessionsRoutes(app, ctx);
  await settingsRoutes(app, ctx);
  await smsRoutes(app, ctx);
  await cartaPorteRoutes(app, ctx);
  await accountsRoutes(app, ctx);
  await staffAccountsRoutes(app, ctx);
  await salesRepsRoutes(app, ctx);
  await rolesRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await siteNotificationsRoutes(app, ctx);
  await equipmentTypesRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await marginRoutes(app, ctx);
  await analyticsRoutes(app, ctx);
  await registerAnalyticsSummaryRefresh(ctx);
  await quotesRoutes(app, ctx);
  await publicQuoteRoutes(app, ctx);
  await carriersRoutes(app, ctx);
  await staffCarriersRoutes(app, ctx);
  await carrierScorecardsRoutes(app, ctx);
  await registerScorecardRefresh(ctx);
  await deliveryWindowsRoutes(app, ctx);
  await pricingProgramsRoutes(app, ctx);
  await dieselPricesRoutes(app, ctx);
  await postalCodesRoutes(app, ctx);
  await salesRequestsRoutes(app, ctx);
  await productsRoutes(app, ctx);
  await partCatalogRoutes(app, ctx);
  await addressesRoutes(app, ctx);
  await shipmentsRoutes(app, ctx);
  await shipmentWatchersRoutes(app, ctx);
  await claimsRoutes(app, ctx);
  await alertsRoutes(app, ctx);
  await approvalsRoutes(app, ctx);
  await staffShipmentsRoutes(app, ctx);
  await customsRoutes(app, ctx);
  await dutyRatesRoutes(app, ctx);
  await usmcaRoutes(app, ctx);
  await adminExportsRoutes(app, ctx);
  await savedViewsRoutes(app, ctx);
  await automationRulesRoutes(app, ctx);
  await batchesRoutes(app, ctx);
  await staffQuotesRoutes(app, ctx);
  const payment = await paymentSetup(app, ctx, { simulatorStateFile: deps.simulatorStateFile });
  app.decorate('seedAfterListen', () => (config.seedDemo ? seedDemoCards(ctx, payment) : Promise.resolve(false)));
  await paymentsRoutes(app, ctx, payment);
  await paymentExtensionRoutes(app, ctx);
  await documentsRoutes(app, ctx);
  await proofOfDeliveryRoutes(app, ctx);
  await trackingRoutes(app, ctx);
  await trackingKeyRoutes(app, ctx);
  await consigneeAlertsRoutes(app, ctx);
  await incidentsRoutes(app, ctx);
  await scacAliasesRoutes(app, ctx);
  await invoicesRoutes(app, ctx, payment);
  await carrierInvoicesRoutes(app, ctx);
  await paymentMethodsRoutes(app, ctx, payment);
  await creditApplicationsRoutes(app, ctx);
  await supportRoutes(app, ctx, deps.pubsub);
  await ebayRoutes(app, ctx);
  await oauthRoutes(app, ctx, credentials);
  await integrationPartnersRoutes(app, ctx);
  await webhooksRoutes(app, ctx);
  await integrationsRoutes(app, ctx);
  await ssoRoutes(app, ctx);
  await twoFactorPolicyRoutes(app, ctx);
  await teamRoutes(app, ctx);
  // Test scenarios only: absent unless the configuration asks (never in production).
  if (config.testSeed) await testSeedRoutes(app, ctx);
  await serveWeb(app, config);
  ctx.jobs.start(config.JOBS_POLL_MS);

  // Housekeeping: idle sessions, outbox rows whose links (24 h at most) have expired, the logs of
  // API calls and webhook deliveries past their keeping time, and uploads (support files, batches) never finished.
  const ago = (ms: number) => new Date(now().getTime() - ms);
  const housekeeping = setInterval(() => {
    background.run('purge-sessions', () => sessions.purgeExpired());
    background.run('purge-outbox', () => purgeOutbox(db, ago(OUTBOX_KEEP_MS)));
    background.run('purge-api-tokens', () => credentials.repo.purgeExpiredTokens(now()));
    background.run('purge-api-calls', () => purgeApiCallsBefore(db, ago(API_CALLS_KEEP_MS)));
    background.run('purge-webhook-deliveries', () => webhooksRepository(db).purgeFinishedBefore(ago(WEBHOOK_DELIVERIES_KEEP_MS)));
    // An upload still at size 0 an hour on was cut off by a process that stopped mid-upload.
    background.run('purge-unfinished-uploads', () => supportRepository(db).purgeUnfinishedAttachments(ago(60 * 60_000)));
    // A batch still hidden an hour on lost its upload with the process that was writing its rows.
    background.run('purge-unwritten-batches', () => batchesService(ctx).purgeUnwritten(ago(60 * 60_000)));
    // Consignee alert subscriptions whose confirmation link lapsed (48 hours), or long ended.
    background.run('purge-consignee-alerts', () => consigneeAlertsService(ctx).purge());
  }, 15 * 60_000);
  housekeeping.unref();
  endConnectionsOnClose(app);
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    await ctx.jobs.stop();
    await background.drain();
  });
  return app;
}
