import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { keywordOf } from './keywords';

/**
 * A stand-in for Twilio's Programmable Messaging API, speaking its REST protocol so the official
 * `twilio` package talks to it as to Twilio: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * (form-encoded To, From or MessagingServiceSid, Body; HTTP Basic auth AccountSid:AuthToken)
 * answering 201 with Twilio's Message resource (sid SM..., status 'queued', or 'accepted' through a
 * Messaging Service), the list and fetch of those messages, and Twilio's error JSON
 * (`{code, message, more_info, status}`: 21211 for a 'To' that is no phone number, 20003 for wrong
 * credentials...). Twilio's test numbers behave as with Twilio's test credentials: +15005550001 is
 * invalid (21211), +15005550002 cannot be reached (21612), +15005550009 is no mobile (21614).
 *
 * It also plays the phone's side: `POST /sim/inbound` ({from, body}) texts the account's number,
 * and the simulator posts Twilio's inbound-message webhook (form-encoded, signed with
 * X-Twilio-Signature as Twilio signs it) to the portal. Like Twilio's Advanced Opt-Out, it then
 * refuses to text a number that answered STOP (21610) until it answers START.
 *
 * The embedded default mounts it at /twilio-sim; tests start it on a port of their own; production
 * never has it (config.ts refuses it there). Its messages live in memory.
 */
export interface TwilioSimulatorOptions {
  accountSid: string;
  authToken: string;
  /** The account's own number: the To of inbound texts, and the From when a request names none. */
  phoneNumber: string;
  now: () => Date;
  /** Where inbound texts are posted (the number's messaging webhook); none: they are only kept. */
  webhookUrl?: () => string | undefined;
  /** How a webhook goes out; fetch unless told (tests hand it to the app in the same process). */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
}

/** A text the simulator holds, in Twilio's Message resource shape. */
export type SimMessage = ReturnType<typeof messageResource>;

/**
 * X-Twilio-Signature as Twilio computes it: HMAC-SHA1 with the auth token over the full URL
 * followed by each POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

const E164 = /^\+[1-9]\d{7,14}$/;
const MAX_BODY = 1600;
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** Twilio's dates: RFC 2822 in GMT ('Fri, 27 Nov 2026 17:00:00 +0000'). */
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** Twilio's test numbers with a fixed outcome. */
const MAGIC_TO: Record<string, [number, string]> = {
  '+15005550001': [21211, "The 'To' number +15005550001 is not a valid phone number."],
  '+15005550002': [21612, "The 'To' phone number: +15005550002, is not currently reachable using the 'From' phone number via SMS."],
  '+15005550009': [21614, "'To' number +15005550009 is not a valid mobile number"],
};

function segments(body: string) {
  // GSM-7 text: 160 characters in one, 153 a part beyond; anything else is UCS-2: 70, then 67.
  const gsm = /^[\x20-\x7e\n\r]*$/.test(body);
  const [one, part] = gsm ? [160, 153] : [70, 67];
  return body.length <= one ? 1 : Math.ceil(body.length / part);
}

function messageResource(
  accountSid: string,
  fields: { to: string; from: string | null; body: string; messagingServiceSid: string | null; direction: string; status: string },
  now: Date,
) {
  const id = sid('SM');
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${id}.json`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: fields.body,
    date_created: rfc2822(now),
    date_sent: null as string | null,
    date_updated: rfc2822(now),
    direction: fields.direction,
    error_code: null as number | null,
    error_message: null as string | null,
    from: fields.from,
    messaging_service_sid: fields.messagingServiceSid,
    num_media: '0',
    num_segments: String(segments(fields.body)),
    price: null as string | null,
    price_unit: 'USD',
    sid: id,
    status: fields.status,
    subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
    to: fields.to,
    uri,
  };
}

const defaultPost = async (url: string, body: string, headers: Record<string, string>) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.status;
};

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function twilioSimulator(app: FastifyInstance, opts: TwilioSimulatorOptions) {
  /** Every text, newest first (Twilio lists them so). */
  const messages: SimMessage[] = [];
  const optedOut = new Set<string>();
  const machine = { config: { csrf: false } };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Basic auth of the account named in the path, as Twilio checks it: 20003 otherwise. */
  function authorised(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const [user, ...rest] = Buffer.from(header.replace(/^Basic /i, ''), 'base64')
      .toString('utf8')
      .split(':');
    const password = rest.join(':');
    if (!/^Basic /i.test(header) || user !== opts.accountSid || !sameSecret(password, opts.authToken)) {
      void reply
        .code(401)
        .header('www-authenticate', 'Basic realm="Twilio API"')
        .send(twilioError(401, 20003, 'Authenticate'));
      return false;
    }
    if ((request.params as { accountSid?: string }).accountSid !== opts.accountSid) {
      void reply.code(404).send(twilioError(404, 20404, `The requested resource ${request.url.split('?')[0]} was not found`));
      return false;
    }
    return true;
  }

  app.post<{ Params: { accountSid: string }; Body: Record<string, string> | undefined }>(
    '/2010-04-01/Accounts/:accountSid/Messages.json',
    machine,
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const form = request.body ?? {};
      const to = (form.To ?? '').trim();
      const body = form.Body ?? '';
      const from = form.From?.trim() || null;
      const service = form.MessagingServiceSid?.trim() || null;
      const refuse = (code: number, message: string) => reply.code(400).send(twilioError(400, code, message));
      if (!to) return refuse(21604, "A 'To' phone number is required.");
      if (!E164.test(to)) return refuse(21211, `The 'To' number ${to} is not a valid phone number.`);
      const magic = MAGIC_TO[to];
      if (magic) return refuse(magic[0], magic[1]);
      if (!from && !service) return refuse(21603, "A 'From' phone number is required.");
      if (from && !E164.test(from))
        return refuse(21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
      if (service && !/^MG[0-9a-f]{32}$/i.test(service)) return refuse(21701, 'The Messaging Service Sid is invalid.');
      if (!body) return refuse(21602, 'Message body is required.');
      if (body.length > MAX_BODY) return refuse(21617, 'The concatenated message body exceeds the 1600 character limit.');
      if (optedOut.has(to)) return refuse(21610, 'Attempt to send to unsubscribed recipient');
      const message = messageResource(
        opts.accountSid,
        {
          to,
          // Through a Messaging Service the sender is chosen later: Twilio answers it 'accepted', from null.
          from: service ? null : from,
          body,
          messagingServiceSid: service,
          direction: 'outbound-api',
          status: service ? 'accepted' : 'queued',
        },
        opts.now(),
      );
      messages.unshift(message);
      return reply.code(201).send(message);
    },
  );

  app.get<{ Params: { accountSid: string }; Querystring: { To?: string; PageSize?: string } }>(
    '/2010-04-01/Accounts/:accountSid/Messages.json',
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const size = Math.min(1000, Math.max(1, Number(request.query.PageSize) || 50));
      const found = messages.filter((m) => !request.query.To || m.to === request.query.To).slice(0, size);
      const uri = `/2010-04-01/Accounts/${opts.accountSid}/Messages.json?PageSize=${size}&Page=0`;
      return {
        end: Math.max(0, found.length - 1),
        first_page_uri: uri,
        messages: found,
        next_page_uri: null,
        page: 0,
        page_size: size,
        previous_page_uri: null,
        start: 0,
        uri,
      };
    },
  );

  app.get<{ Params: { accountSid: string; messageSid: string } }>(
    '/2010-04-01/Accounts/:accountSid/Messages/:messageSid.json',
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const found = messages.find((m) => m.sid === request.params.messageSid);
      return found ?? reply.code(404).send(twilioError(404, 20404, `The requested resource ${request.url} was not found`));
    },
  );

  /**
   * The phone's side: `from` texts `body` to the account's number. Twilio's Advanced Opt-Out
   * words change what the simulator will send that number, and the webhook goes to the portal.
   */
  async function inbound(from: string, body: string) {
    const keyword = keywordOf(body);
    if (keyword === 'STOP') optedOut.add(from);
    if (keyword === 'START') optedOut.delete(from);
    const message = messageResource(
      opts.accountSid,
      { to: opts.phoneNumber, from, body, messagingServiceSid: null, direction: 'inbound', status: 'received' },
      opts.now(),
    );
    messages.unshift(message);
    const params: Record<string, string> = {
      ToCountry: 'US',
      SmsMessageSid: message.sid,
      NumMedia: '0',
      SmsSid: message.sid,
      SmsStatus: 'received',
      Body: body,
      To: opts.phoneNumber,
      NumSegments: message.num_segments,
      MessageSid: message.sid,
      AccountSid: opts.accountSid,
      From: from,
      ApiVersion: '2010-04-01',
      ...(keyword ? { OptOutType: keyword } : {}),
    };
    const url = opts.webhookUrl?.();
    if (!url) return { sid: message.sid, delivered: null as number | null, params };
    const payload = new URLSearchParams(params).toString();
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TwilioProxy/1.1',
      'x-twilio-signature': twilioSignature(opts.authToken, url, params),
    };
    const status = await (opts.post ?? defaultPost)(url, payload, headers).catch(() => 0);
    return { sid: message.sid, delivered: status, params };
  }

  app.post<{ Body: { from?: unknown; body?: unknown } }>('/sim/inbound', machine, async (request, reply) => {
    const from = typeof request.body?.from === 'string' ? request.body.from.trim() : '';
    const body = typeof request.body?.body === 'string' ? request.body.body : '';
    if (!E164.test(from) || !body) {
      return reply.code(400).send({ message: 'Send {"from": "+13125550100", "body": "STOP"}: a number in E.164 form and a text.' });
    }
    const result = await inbound(from, body);
    return { sid: result.sid, webhook_status: result.delivered };
  });

  return {
    /** Every text it holds, newest first (outbound and inbound). */
    messages: () => [...messages],
    /** The texts sent to `to`, oldest first. */
    sentTo: (to: string) => messages.filter((m) => m.to === to && m.direction === 'outbound-api').reverse(),
    inbound,
    isOptedOut: (number: string) => optedOut.has(number),
  };
}

export type TwilioSimulator = Awaited<ReturnType<typeof twilioSimulator>>;

/** The simulator on a port of its own (tests): `url` is its root, as https://api.twilio.com is Twilio's. */
export async function startTwilioSimulator(opts: TwilioSimulatorOptions) {
  const app = Fastify({ logger: false });
  const sim = await twilioSimulator(app, opts);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, sim, close: () => app.close() };
}
