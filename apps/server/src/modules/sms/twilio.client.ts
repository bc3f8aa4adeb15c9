import twilio from 'twilio';

/**
 * Who texts: `send` hands one text to the provider and answers its message id, or what went wrong
 * (the provider's error code and HTTP status, never a credential). It never throws.
 */
export interface SmsProvider {
  send(to: string, body: string): Promise<SmsSendResult>;
}

export type SmsSendResult =
  | { ok: true; sid: string; status: string }
  /** `code`: Twilio's error code (21211 an invalid number, 21610 an unsubscribed one, 20003 bad credentials); null for a network fault. */
  | { ok: false; code: number | null; status: number | null; reason: string };

export const NO_SMS: SmsProvider = {
  send: async () => ({ ok: false, code: null, status: null, reason: 'texts are off (no Twilio keys)' }),
};

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a number in E.164 form, or a Messaging Service SID (MG...). */
  from: string;
  /**
   * A server speaking Twilio's protocol in Twilio's place (the simulator): every request the
   * package makes to https://<product>.twilio.com goes there instead. Unset: Twilio itself.
   */
  apiUrl?: string;
  /** How long one request may take (the package's socket and request timeout). */
  timeoutMs?: number;
}

const TWILIO_HOST = /^https:\/\/[a-z0-9.-]+\.twilio\.com(?=\/|$)/;

/**
 * The `twilio` package's documented way to change how it calls Twilio is its `httpClient` option
 * (advanced-examples/custom-http-client.md in the package's repository): this one is the package's
 * own RequestClient, with Twilio's host in each request's URI replaced by the simulator's root.
 * Auth, form encoding and error handling stay the package's.
 */
function redirectedClient(apiUrl: string, timeoutMs: number) {
  const root = apiUrl.replace(/\/+$/, '');
  class SimulatorRequestClient extends twilio.RequestClient {
    request<TData>(opts: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0]) {
      // The same options with another URI (typed as the package's generic options, which the spread loses).
      return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_HOST, root) } as never);
    }
  }
  return new SimulatorRequestClient({ timeout: timeoutMs });
}

/** The official client, on Twilio or (with `apiUrl`) on a server speaking its protocol. */
export function twilioClient(opts: Omit<TwilioOptions, 'from'>) {
  const timeout = opts.timeoutMs ?? 10_000;
  return twilio(opts.accountSid, opts.authToken, {
    timeout,
    ...(opts.apiUrl ? { httpClient: redirectedClient(opts.apiUrl, timeout) } : {}),
  });
}

/** The Twilio adapter: one Messages.create per text. */
export function twilioProvider(opts: TwilioOptions): SmsProvider {
  const client = twilioClient(opts);
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    async send(to, body) {
      try {
        const message = await client.messages.create({ to, body, ...sender });
        return { ok: true, sid: message.sid, status: message.status };
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}

/** What a failure says, without anything of the request (its Authorization header, the number, the words). */
export function failureOf(error: unknown): Extract<SmsSendResult, { ok: false }> {
  if (error instanceof twilio.RestException) {
    return { ok: false, code: error.code ?? null, status: error.status ?? null, reason: String(error.message ?? '').slice(0, 200) };
  }
  // A network fault or a timeout: only its kind (an axios error carries the request, credentials included).
  const e = error as { code?: unknown; name?: unknown };
  const kind = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'unknown';
  return { ok: false, code: null, status: null, reason: `network: ${kind}` };
}
