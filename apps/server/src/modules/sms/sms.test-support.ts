import type { FastifyInstance } from 'fastify';
import { TWILIO_INBOUND_PATH } from './sms.routes';
import { startTwilioSimulator } from './twilio.simulator';

/** The keys a test app and its Twilio simulator share (Twilio's test sender as the number). */
export const TEST_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'test-auth-token-0123456789abcdef',
  from: '+15005550006',
};

/** A Twilio simulator a test app texts through over HTTP, with its inbound webhooks delivered into the app. */
export type TestTwilio = Awaited<ReturnType<typeof startTestTwilio>>;

/**
 * A Twilio simulator on a loopback port of its own, on the test's clock: the app built with `env`
 * texts through it over HTTP with the official client; its inbound webhooks go into the connected
 * app by inject (the test app does not listen), signed for the app's APP_URL.
 */
export async function startTestTwilio(now: () => Date) {
  let target: { app: FastifyInstance; appUrl: string } | undefined;
  const sim = await startTwilioSimulator({
    ...TEST_TWILIO,
    phoneNumber: TEST_TWILIO.from,
    now,
    webhookUrl: () => (target ? `${target.appUrl}${TWILIO_INBOUND_PATH}` : undefined),
    post: async (url, body, headers) => {
      if (!target) return 503;
      const { pathname, search } = new URL(url);
      const res = await target.app.inject({ method: 'POST', url: `${pathname}${search}`, payload: body, headers });
      return res.statusCode;
    },
  });
  return {
    url: sim.url,
    env: {
      TWILIO_SIMULATOR_URL: sim.url,
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_FROM: TEST_TWILIO.from,
    },
    connect(app: FastifyInstance, appUrl: string) {
      target = { app, appUrl };
    },
    /** Every text it holds, newest first. */
    messages: () => sim.sim.messages(),
    /** The texts sent to `to`, oldest first. */
    sentTo: (to: string) => sim.sim.sentTo(to),
    /** `from` texts `body` to the account's number: Twilio's signed webhook goes into the app (answers its status). */
    inbound: (from: string, body: string) => sim.sim.inbound(from, body),
    close: () => sim.close(),
  };
}
