import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const flag = z.enum(['1', '0', 'true', 'false'], { error: 'use 1 or 0' }).transform((v) => v === '1' || v === 'true');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    APP_URL: z.url({ error: 'must be an absolute URL such as https://portal.example.com' }).optional(),
    APP_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
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
    /** How often this process looks for due background jobs (ms); 0 runs none (tests run them by hand). */
    JOBS_POLL_MS: z.coerce.number({ error: 'must be milliseconds (0 to turn jobs off)' }).int().min(0).max(3_600_000).default(1000),
    /**
     * Demo tracking: the built-in tariff carriers report plausible events for their shipments as
     * time passes, so the portal shows movement. On wherever the demo data is seeded, unless set.
     */
    DEMO_TRACKING: flag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  })
  .superRefine((c, ctx) => {
    // The outbox prints reset and verification links to the log: fine on a laptop, a leak in production.
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
  return {
    ...c,
    appUrl,
    dataDir: resolve(process.cwd(), c.DATA_DIR),
    secureCookies: appUrl.startsWith('https://'),
    // Demo users have a published password: never by default in production.
    seedDemo: c.SEED_DEMO ?? (!c.DATABASE_URL && c.NODE_ENV !== 'production'),
    demoTracking: c.DEMO_TRACKING ?? c.SEED_DEMO ?? (!c.DATABASE_URL && c.NODE_ENV !== 'production'),
  };
}
