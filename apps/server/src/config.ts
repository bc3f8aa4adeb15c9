import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARRIER_INVOICE_TOLERANCE } from '@freight/domain';
import type { SupportHours } from '@freight/domain/support-hours';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIME_ZONE } from './business-days';
import { OUTSIDE_SERVICE_VARIABLES, outsideServiceRules } from './config-services';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const flag = z.enum(['1', '0', 'true', 'false'], { error: 'use 1 or 0' }).transform((v) => v === '1' || v === 'true');
/** An OTLP/HTTP collector's address (traces: docs/tracing.md). */
const otlpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:4318' });

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    APP_URL: z.url({ error: 'must be an absolute URL such as https://portal.example.com' }).optional(),
    APP_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /**
     * APP_KEY rotation: the keys APP_KEY replaced, comma-separated, newest first. They still open
     * the secrets and verify the links and codes they sealed or signed; nothing new uses them.
     */
    APP_KEY_PREVIOUS: z
      .string()
      .transform((list) => list.split(',').map((key) => key.trim()))
      .pipe(z.array(z.string().min(32, { error: 'each key must be at least 32 characters' })))
      .default([]),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ error: 'must be a postgres:// URL' })
      .refine((u) => /^postgres(ql)?:\/\//.test(u), { error: 'must be a postgres:// URL' })
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    SEED_DEMO: flag.optional(),
    MAIL_URL: z
      .url({ error: 'must be an smtp:// or smtps:// URL' })
      .refine((u) => /^smtps?:\/\//.test(u), { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Freight Portal <no-reply@freight-portal.test>'),
    /** The sales desk: receives the shippers' 'send the request to sales' mails. */
    SALES_EMAIL: z.email({ error: 'must be an email address' }).default('sales@freight-portal.test'),
    /** How many reverse proxies stand in front (their X-Forwarded-For entries are trusted); 0 = none. */
    TRUST_PROXY: z.coerce.number({ error: 'must be the number of proxies in front (0 for none)' }).int().min(0).max(10).default(0),
    /**
     * Sign-ups an hour from one address. Strangers' accounts start prepaid, but each one is still
     * a mail sent and a row kept; the end-to-end server raises it, its scenarios all coming from 127.0.0.1.
     */
    SIGNUPS_PER_ADDRESS_HOUR: z.coerce.number({ error: 'must be a number of sign-ups' }).int().min(1).max(100_000).default(10),
    /**
     * Carrier invoice audit: a billed amount within the larger of these two (cents, and basis
     * points of the expected cost) of what was expected, with no other reason, is approved by itself.
     */
    CARRIER_INVOICE_TOLERANCE_CENTS: z.coerce
      .number({ error: 'must be cents' })
      .int()
      .min(0)
      .max(1_000_000)
      .default(CARRIER_INVOICE_TOLERANCE.cents),
    CARRIER_INVOICE_TOLERANCE_BP: z.coerce
      .number({ error: 'must be basis points' })
      .int()
      .min(0)
      .max(10_000)
      .default(CARRIER_INVOICE_TOLERANCE.bp),
    /** The partner API: requests a minute per credential, per process. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number of requests' }).int().min(1).max(1_000_000).default(600),
    /** How often this process looks for due background jobs (ms); 0 runs none (tests run them by hand). */
    JOBS_POLL_MS: z.coerce.number({ error: 'must be milliseconds (0 to turn jobs off)' }).int().min(0).max(3_600_000).default(1000),
    /**
     * How long a claimed background job is its process's: one that died mid-job (killed, crashed)
     * leaves the job to another process after this. Longer than any job runs (a webhook lane: 60 s).
     */
    JOBS_LEASE_SECONDS: z.coerce.number({ error: 'must be seconds' }).int().min(10).max(3600).default(300),
    /**
     * Demo tracking: the built-in tariff carriers report plausible events for their shipments as
     * time passes, so the portal shows movement. On wherever the demo data is seeded, unless set.
     */
    DEMO_TRACKING: flag.optional(),
    /**
     * A booking of many batch rows draws the batch's merged documents while it books. Unset: only
     * with the embedded database, whose work leaves the drawing's core idle; PostgreSQL needs that
     * core, and other users' requests waited longer while both ran (bench/README.md, Volume).
     */
    BATCH_DOCUMENTS_AHEAD: flag.optional(),
    /**
     * The business's own clock: where staff screens' days begin and end (the dashboard's today and
     * this month, reminders, SLA clocks) and, unless SUPPORT_TIME_ZONE says otherwise, the desk's hours.
     */
    BUSINESS_TIME_ZONE: z
      .string()
      .refine(validTimeZone, { error: 'must be an IANA time zone such as America/Chicago' })
      .default(DEFAULT_BUSINESS_TIME_ZONE),
    /**
     * The origin's local time after which the next business day can no longer be offered for a
     * pickup (carriers plan next-day pickups by early afternoon).
     */
    PICKUP_CUTOFF: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 14:00' })
      .default('14:00'),
    /** The support desk's staff hours: local times in its time zone, on US business days. */
    SUPPORT_TIME_ZONE: z.string().refine(validTimeZone, { error: 'must be an IANA time zone such as America/Chicago' }).optional(),
    SUPPORT_OPENS_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 08:00' })
      .default('08:00'),
    SUPPORT_CLOSES_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 18:00' })
      .default('18:00'),
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@freight-portal.test'),
    /**
     * Replies by email: the domain whose `reply+<hash>@` addresses the inbound mail
     * provider (Postmark's inbound webhook format) receives, and the password of the webhook's
     * basic auth. Without them the unread-reply mail links to the conversation only.
     */
    INBOUND_MAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { error: 'must be a mail domain such as reply.example.com' })
      .optional(),
    INBOUND_MAIL_SECRET: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
    /**
     * eBay: 'simulator' (the stand-in in this repository, mounted at /ebay-sim unless
     * EBAY_SIMULATOR_URL names one elsewhere), 'sandbox' or 'production' (with the app's keys).
     */
    EBAY_ENV: z.enum(['simulator', 'sandbox', 'production']).optional(),
    EBAY_CLIENT_ID: z.string().min(1).optional(),
    EBAY_CLIENT_SECRET: z.string().min(1).optional(),
    /** eBay's RuName of the app, whose accept URL must be APP_URL/api/ebay/callback. */
    EBAY_RU_NAME: z.string().min(1).optional(),
    EBAY_SIMULATOR_URL: z.url().optional(),
    /** The verification token of the app's Marketplace Account Deletion endpoint (32-80 characters). */
    EBAY_VERIFICATION_TOKEN: z.string().min(32).max(80).optional(),
    /** The simulator's pace of new demo orders, in minutes. */
    EBAY_SIM_ORDER_MINUTES: z.coerce.number().min(0.01).max(1440).default(45),
    /**
     * Payments: 'stripe' (Stripe with the keys below), 'simulator' (the same adapter against the Stripe
     * simulator, mounted at /stripe-sim unless STRIPE_API_URL names one elsewhere; never in production).
     * Outside production the simulator unless set; production uses Stripe when STRIPE_SECRET_KEY is set
     * and otherwise refuses payments.
     */
    PAYMENT_PROVIDER: z.enum(['simulator', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_live_... or sk_test_...)' })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_...)' })
      .optional(),
    /** The signing secret of the webhook endpoint APP_URL/api/webhooks/stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_...)' })
      .optional(),
    /** Stripe's API root (https://api.stripe.com unless set); with 'simulator', a simulator running elsewhere. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.stripe.com' }).optional(),
    /**
     * Passkeys: the relying party's id (the domain the browser binds them to) and the origins their
     * sign-ins may come from, comma-separated. Both follow APP_URL by default, with localhost for a
     * loopback address (browsers refuse passkeys on an IP address).
     */
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, { error: 'must be a domain name such as portal.example.com' })
      .optional(),
    WEBAUTHN_ORIGINS: z
      .string()
      .transform((list) => list.split(',').map((origin) => origin.trim()))
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be URLs such as https://portal.example.com, comma-separated' })))
      .optional(),
    /**
     * Single sign-on: where the OpenID provider simulator runs when not mounted here at /oidc-sim
     * (outside production only), and which DNS proves an account's email domains: 'system' (real
     * DNS; production's only choice) or 'simulator' (the TXT records the simulator keeps).
     */
    OIDC_SIMULATOR_URL: z.url().optional(),
    SSO_DNS: z.enum(['system', 'simulator']).optional(),
    ...OUTSIDE_SERVICE_VARIABLES,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The bearer token a Prometheus scrape of GET /metrics must send. Unset, /metrics is off in
     * production and open only from the machine itself elsewhere.
     */
    METRICS_TOKEN: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .max(200, { error: 'must be at most 200 characters' })
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' })
      .optional(),
    /**
     * Traces over OTLP/HTTP (docs/tracing.md): off unless an endpoint is set. The traces endpoint is
     * used as it is; the general one gets /v1/traces appended. OTEL_SDK_DISABLED turns them off.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl.optional(),
    OTEL_SERVICE_NAME: z
      .string()
      .regex(/^[\w.\-/]{1,100}$/, { error: 'must be a name such as freight-portal (letters, digits, . - _ /)' })
      .default('freight-portal'),
    OTEL_SDK_DISABLED: flag.optional(),
    /**
     * Scenarios only: the clock starts at this instant (then runs at the normal pace), so a scenario
     * can live the day before Thanksgiving. Refused in production.
     */
    /**
     * Scenarios only: the seeding path their fixtures build their own records with
     * (modules/test-seed). Taken with NODE_ENV=test alone.
     */
    TEST_SEED: flag.optional(),
    TEST_CLOCK_START: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2026-11-25T16:00:00Z' }).optional(),
    WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.INBOUND_MAIL_DOMAIN) !== Boolean(c.INBOUND_MAIL_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['INBOUND_MAIL_SECRET'], message: 'INBOUND_MAIL_DOMAIN and INBOUND_MAIL_SECRET go together' });
    }
    const ebayEnv = c.EBAY_ENV ?? (c.NODE_ENV === 'production' ? undefined : 'simulator');
    if (c.NODE_ENV === 'production' && ebayEnv === 'simulator') {
      ctx.addIssue({ code: 'custom', path: ['EBAY_ENV'], message: 'the simulator is never used in production' });
    }
    if ((ebayEnv === 'sandbox' || ebayEnv === 'production') && !(c.EBAY_CLIENT_ID && c.EBAY_CLIENT_SECRET && c.EBAY_RU_NAME)) {
      ctx.addIssue({
        code: 'custom',
        path: ['EBAY_CLIENT_ID'],
        message: 'EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME are required for eBay',
      });
    }
    if (c.NODE_ENV === 'production' && (c.SSO_DNS === 'simulator' || c.OIDC_SIMULATOR_URL)) {
      ctx.addIssue({ code: 'custom', path: ['SSO_DNS'], message: 'the OpenID provider simulator is never used in production' });
    }
    if (c.NODE_ENV === 'production' && c.PAYMENT_PROVIDER && c.PAYMENT_PROVIDER !== 'stripe') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'production takes payments through Stripe only' });
    }
    if (c.PAYMENT_PROVIDER === 'stripe' && !(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required for Stripe',
      });
    }
    outsideServiceRules(c, ctx);
    if (c.SUPPORT_CLOSES_AT <= c.SUPPORT_OPENS_AT) {
      ctx.addIssue({ code: 'custom', path: ['SUPPORT_CLOSES_AT'], message: 'must be after SUPPORT_OPENS_AT' });
    }
    // The outbox prints reset and verification links to the log: fine on a laptop, a leak in production.
    if (c.TEST_SEED && c.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['TEST_SEED'], message: 'is for test scenarios only, with NODE_ENV=test' });
    }
    if (c.NODE_ENV === 'production' && c.TEST_CLOCK_START) {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK_START'], message: 'is for test scenarios only, never with NODE_ENV=production' });
    }
    if (c.NODE_ENV === 'production' && !c.MAIL_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_URL'],
        message: 'is required when NODE_ENV=production (mail must be delivered, not logged)',
      });
    }
  });

export type Config = z.output<typeof schema> & {
  appUrl: string;
  dataDir: string;
  secureCookies: boolean;
  seedDemo: boolean;
  demoTracking: boolean;
  /** The test-only seeding path is mounted (TEST_SEED=1 under NODE_ENV=test). */
  testSeed: boolean;
  supportHours: SupportHours;
  /** The passkeys' relying party: its id and the origins a passkey's answer may name. */
  webauthn: { rpId: string; origins: string[] };
  /** Which eBay the product talks to; unset (production without eBay keys) turns eBay off. */
  ebayEnv: 'simulator' | 'sandbox' | 'production' | undefined;
  /** Who takes payments; 'off' (production without Stripe's keys) refuses them rather than pretend. */
  paymentProvider: 'simulator' | 'stripe' | 'off';
  /** Which DNS proves single sign-on's email domains. */
  ssoDns: 'system' | 'simulator';
  /** Where the places of sessions' addresses come from: a service, the simulator, or nowhere (production without GEO_LOOKUP_URL). */
  geoLookup: 'service' | 'simulator' | 'off';
  /** Who sends text messages: Twilio with its keys, the Twilio simulator, or nobody (production without Twilio's keys). */
  sms: 'twilio' | 'simulator' | 'off';
  /** Who stamps the Carta Porte: the certifier at PAC_URL, the simulator mounted here, or nobody (production without PAC_URL). */
  certifier: 'pac' | 'simulator' | 'off';
};

export class ConfigError extends Error {}

/** Reads the environment once; a wrong value stops the start with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const appUrl = (c.APP_URL ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(/\/$/, '');
  const webauthn = webauthnParty(c.WEBAUTHN_RP_ID, c.WEBAUTHN_ORIGINS, appUrl);
  return {
    ...c,
    appUrl,
    dataDir: resolve(process.cwd(), c.DATA_DIR),
    secureCookies: appUrl.startsWith('https://'),
    webauthn,
    // Demo users have a published password: never by default in production.
    seedDemo: c.SEED_DEMO ?? (!c.DATABASE_URL && c.NODE_ENV !== 'production'),
    ebayEnv: c.EBAY_ENV ?? (c.NODE_ENV === 'production' ? undefined : 'simulator'),
    ssoDns: c.SSO_DNS ?? (c.NODE_ENV === 'production' ? 'system' : 'simulator'),
    paymentProvider: c.PAYMENT_PROVIDER ?? (c.NODE_ENV !== 'production' ? 'simulator' : c.STRIPE_SECRET_KEY ? 'stripe' : 'off'),
    geoLookup: c.GEO_LOOKUP_URL ? 'service' : c.NODE_ENV === 'production' ? 'off' : 'simulator',
    // With a simulator named, the keys (a test's own) go to it rather than to Twilio.
    sms: c.TWILIO_SIMULATOR_URL ? 'simulator' : c.TWILIO_ACCOUNT_SID ? 'twilio' : c.NODE_ENV === 'production' ? 'off' : 'simulator',
    certifier: c.PAC_URL ? 'pac' : c.NODE_ENV === 'production' ? 'off' : 'simulator',
    supportHours: { timeZone: c.SUPPORT_TIME_ZONE ?? c.BUSINESS_TIME_ZONE, opensAt: c.SUPPORT_OPENS_AT, closesAt: c.SUPPORT_CLOSES_AT },
    testSeed: c.TEST_SEED === true && c.NODE_ENV === 'test',
    demoTracking: c.DEMO_TRACKING ?? c.SEED_DEMO ?? (!c.DATABASE_URL && c.NODE_ENV !== 'production'),
  };
}

/**
 * Browsers refuse passkeys on an IP address: a server on the loopback address (the default) offers
 * them as localhost, the same machine by name.
 */
function passkeyHome(appUrl: string) {
  const url = new URL(appUrl);
  if (/^127\.\d+\.\d+\.\d+$|^\[::1\]$/.test(url.hostname)) url.hostname = 'localhost';
  return url;
}

/**
 * A browser accepts a passkey's origin only on the relying party's domain or below it, so a
 * mismatch here would make every passkey fail: it stops the start instead.
 */
function webauthnParty(rpId: string | undefined, origins: string[] | undefined, appUrl: string) {
  const home = passkeyHome(appUrl);
  const party = { rpId: (rpId ?? home.hostname).toLowerCase(), origins: (origins ?? [home.href]).map((o) => new URL(o).origin) };
  const outside = party.origins.filter((origin) => {
    const host = new URL(origin).hostname;
    return host !== party.rpId && !host.endsWith(`.${party.rpId}`);
  });
  if (outside.length) {
    throw new ConfigError(
      `Invalid configuration:\n  - WEBAUTHN_ORIGINS: ${outside.join(', ')} not on the domain ${party.rpId} (WEBAUTHN_RP_ID)`,
    );
  }
  return party;
}
