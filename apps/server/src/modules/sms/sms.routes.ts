import { createHmac } from 'node:crypto';
import { smsSettingUpdate } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import type { AppContext } from '../../context';
import { requireSignedIn, signedIn } from '../../plugins/guards';
import { defaultCountryOf } from './phone-number';
import { applyInboundText, firstSmsTrimAt, registerSmsRuntime, SMS_TRIM_JOB, smsSettingsService, trimSmsRecord } from './sms.service';
import { NO_SMS, type SmsProvider, twilioProvider } from './twilio.client';
import { twilioSimulator } from './twilio.simulator';

/** Where the embedded default mounts the Twilio simulator. */
export const TWILIO_SIMULATOR_PREFIX = '/twilio-sim';
/** The messaging webhook of the Twilio number ("A message comes in"), at APP_URL. */
export const TWILIO_INBOUND_PATH = '/api/webhooks/twilio/sms';
/** Twilio's documented test sender: a valid From with test credentials, and the simulator's number. */
export const SIMULATOR_FROM = '+15005550006';

/** The simulator's credentials where none are configured, derived from APP_KEY (each install has its own). */
export function simulatorCredentials(appKey: string) {
  const part = (name: string) => createHmac('sha256', appKey).update(`twilio-simulator:${name}`).digest('hex').slice(0, 32);
  return { accountSid: `AC${part('sid')}`, authToken: part('token'), from: SIMULATOR_FROM };
}

interface SmsSetup {
  provider: SmsProvider;
  /** The auth token the inbound webhook's signature is checked with; none while texts are off. */
  authToken: string | null;
}

/**
 * The provider the configuration names: Twilio with its keys, the same adapter against a simulator
 * elsewhere (TWILIO_SIMULATOR_URL, with the keys given or derived), or the simulator mounted here at
 * /twilio-sim (the embedded default), whose inbound texts come to this app's webhook.
 */
async function smsSetup(app: FastifyInstance, ctx: AppContext): Promise<SmsSetup> {
  const c = ctx.config;
  if (c.sms === 'off') return { provider: NO_SMS, authToken: null };
  const derived = simulatorCredentials(ctx.appKey);
  const keys = {
    accountSid: c.TWILIO_ACCOUNT_SID ?? derived.accountSid,
    authToken: c.TWILIO_AUTH_TOKEN ?? derived.authToken,
    from: c.TWILIO_FROM ?? derived.from,
  };
  if (c.sms === 'twilio') return { provider: twilioProvider(keys), authToken: keys.authToken };
  let apiUrl = c.TWILIO_SIMULATOR_URL?.replace(/\/+$/, '');
  if (!apiUrl) {
    apiUrl = `${c.appUrl}${TWILIO_SIMULATOR_PREFIX}`;
    await app.register(
      (scope) =>
        twilioSimulator(scope, {
          accountSid: keys.accountSid,
          authToken: keys.authToken,
          phoneNumber: keys.from.startsWith('+') ? keys.from : SIMULATOR_FROM,
          now: ctx.now,
          webhookUrl: () => `${c.appUrl}${TWILIO_INBOUND_PATH}`,
        }).then(() => undefined),
      { prefix: TWILIO_SIMULATOR_PREFIX },
    );
  }
  return { provider: twilioProvider({ ...keys, apiUrl }), authToken: keys.authToken };
}

/**
 * Text messages: the provider `sendSmsToUser` uses (index.ts), the user's own mobile number on
 * Settings (GET/PUT /api/settings/sms), and Twilio's inbound-message webhook, where STOP and
 * START opt a number out and back in.
 */
export async function smsRoutes(app: FastifyInstance, ctx: AppContext) {
  const setup = await smsSetup(app, ctx);
  registerSmsRuntime(ctx.db, { provider: setup.provider, log: app.log, now: ctx.now });
  const settings = smsSettingsService(ctx);
  ctx.jobs.register(SMS_TRIM_JOB, async () => {
    const { runAgainAt } = await trimSmsRecord(ctx);
    return { runAgainAt };
  });
  await ctx.jobs.schedule(SMS_TRIM_JOB, 'daily', firstSmsTrimAt(ctx.now()));

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/settings/sms', { preValidation: requireSignedIn }, async (request) => {
    const { user, account } = signedIn(request);
    return { data: await settings.view(user.id, defaultCountryOf(account)) };
  });
  typed.put('/api/settings/sms', { preValidation: requireSignedIn, schema: { body: smsSettingUpdate } }, async (request) => {
    const { user, account } = signedIn(request);
    return { data: await settings.setNumber(user.id, defaultCountryOf(account), request.body.mobile_number) };
  });

  if (setup.authToken) await inboundWebhook(app, ctx, setup.authToken);
}

/**
 * POST /api/webhooks/twilio/sms: Twilio's inbound-message webhook, form-encoded, no session
 * (CSRF-exempt: the signature is the credential). X-Twilio-Signature is checked with the package's
 * validateRequest over the URL Twilio was given (APP_URL and the path) and the parameters; a bad
 * or missing one is 403. It answers empty TwiML: the opt-out's confirmation text is Twilio's own.
 */
async function inboundWebhook(app: FastifyInstance, ctx: AppContext, authToken: string) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(String(body))) params[key] = value;
      done(null, params);
    });
    scope.post<{ Body: Record<string, string> | undefined }>(TWILIO_INBOUND_PATH, { config: { csrf: false } }, async (request, reply) => {
      const params = request.body && typeof request.body === 'object' ? request.body : {};
      const signature = request.headers['x-twilio-signature'];
      const url = `${ctx.config.appUrl}${request.url}`;
      if (typeof signature !== 'string' || !twilio.validateRequest(authToken, signature, url, params)) {
        return reply.code(403).send({ code: 'bad_signature', message: 'The X-Twilio-Signature header does not hold for this request.' });
      }
      const from = typeof params.From === 'string' ? params.From.trim() : '';
      if (/^\+[1-9]\d{7,14}$/.test(from) && typeof params.Body === 'string') {
        const keyword = await applyInboundText(ctx, from, params.Body);
        if (keyword) request.log.info({ keyword, messageSid: params.MessageSid }, 'text opt-out word received');
      }
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    });
  });
}
