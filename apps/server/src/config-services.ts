import { z } from 'zod';

/**
 * The environment variables of outside services that stand beside the core (the place lookup of
 * sessions, text messages, the Carta Porte's certifier and its issuer), with the rules that tie
 * them together. Each service has a real client and a simulator: set its URL and keys for the real
 * one; unset, the simulator answers outside production and production goes without.
 */
export const OUTSIDE_SERVICE_VARIABLES = {
  /**
   * The place of a session's address (Settings > Security): an ipinfo.io-style service
   * (GET <url>/<ip>/json, with GEO_LOOKUP_TOKEN as a bearer token when set). Unset, outside
   * production the simulator mounted at /geo-sim answers (or the one at GEO_SIMULATOR_URL), and
   * production looks nothing up.
   */
  GEO_LOOKUP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://ipinfo.io' }).optional(),
  GEO_LOOKUP_TOKEN: z.string().min(1).max(200).optional(),
  /** How long a list of sessions waits for the lookup before it shows the place as unknown. */
  GEO_LOOKUP_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(50).max(10_000).default(1000),
  GEO_SIMULATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Text messages (shipment alerts by SMS): Twilio's account SID, auth token and sender (a number
   * in E.164 form, +1..., or a Messaging Service SID, MG...). Unset, outside production the Twilio
   * simulator mounted at /twilio-sim answers (or the one at TWILIO_SIMULATOR_URL), and production
   * sends none. The token is a secret: never logged.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be a Twilio Account SID (AC followed by 32 hex digits)' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { error: 'must be a Twilio auth token' }).max(200).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, { error: 'must be a number such as +13125550100 or a Messaging Service SID (MG...)' })
    .optional(),
  TWILIO_SIMULATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The Carta Porte's certifier (PAC), speaking SW sapien's REST protocol: its root URL, user and
   * password. Unset, outside production the simulator mounted at /pac-sim stamps, and production
   * issues none. The password is a secret: never logged.
   */
  PAC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://services.sw.com.mx' }).optional(),
  PAC_USER: z.string().min(1).max(200).optional(),
  PAC_PASSWORD: z.string().min(1).max(200).optional(),
  /**
   * Who issues the Carta Porte: the provider's Mexican entity, whose certificate (CSD) the
   * certifier keeps. The defaults are the SAT's published test taxpayer, as certifiers' test
   * environments use; production names its own.
   */
  CFDI_ISSUER_RFC: z
    .string()
    .regex(/^[A-ZÑ&]{3}\d{6}[A-Z\d]{3}$/, { error: 'must be a company RFC (12 characters)' })
    .default('EKU9003173C9'),
  CFDI_ISSUER_NAME: z.string().min(1).max(254).default('ESCUELA KEMPER URGATE'),
  CFDI_ISSUER_REGIME: z
    .string()
    .regex(/^\d{3}$/, { error: 'must be a c_RegimenFiscal key such as 601' })
    .default('601'),
  CFDI_ISSUER_POSTAL_CODE: z
    .string()
    .regex(/^\d{5}$/, { error: 'must be a 5-digit postal code' })
    .default('42501'),
};

const outsideServices = z.object(OUTSIDE_SERVICE_VARIABLES);

/** The rules between the variables above (config.ts applies them with its own). */
export function outsideServiceRules(c: z.output<typeof outsideServices> & { NODE_ENV: string }, ctx: z.RefinementCtx) {
  if (c.NODE_ENV === 'production' && c.GEO_SIMULATOR_URL) {
    ctx.addIssue({ code: 'custom', path: ['GEO_SIMULATOR_URL'], message: 'the place lookup simulator is never used in production' });
  }
  if (c.GEO_LOOKUP_URL && c.GEO_SIMULATOR_URL) {
    ctx.addIssue({ code: 'custom', path: ['GEO_SIMULATOR_URL'], message: 'set GEO_LOOKUP_URL or GEO_SIMULATOR_URL, not both' });
  }
  const twilioKeys = [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM].filter(Boolean).length;
  if (twilioKeys > 0 && twilioKeys < 3) {
    ctx.addIssue({
      code: 'custom',
      path: ['TWILIO_ACCOUNT_SID'],
      message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    });
  }
  const pacKeys = [c.PAC_URL, c.PAC_USER, c.PAC_PASSWORD].filter(Boolean).length;
  if (pacKeys > 0 && pacKeys < 3) {
    ctx.addIssue({ code: 'custom', path: ['PAC_URL'], message: 'PAC_URL, PAC_USER and PAC_PASSWORD go together' });
  }
  if (c.NODE_ENV === 'production' && c.TWILIO_SIMULATOR_URL) {
    ctx.addIssue({ code: 'custom', path: ['TWILIO_SIMULATOR_URL'], message: 'the Twilio simulator is never used in production' });
  }
}
