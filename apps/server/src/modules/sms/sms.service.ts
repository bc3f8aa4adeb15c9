import type { SmsSettingView } from '@freight/contracts';
import type { Country } from '@freight/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { keywordOf } from './keywords';
import { displayNumber, normaliseMobileNumber } from './phone-number';
import { smsRepository } from './sms.repository';
import type { SmsProvider } from './twilio.client';

/** What became of a text to a user (docs/sms.md). */
export type SmsOutcome = 'sent' | 'opted_out' | 'no_number' | 'failed';

/** What sending needs besides the database: the provider the configuration names, a log and the clock. */
export interface SmsRuntime {
  provider: SmsProvider;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Twilio's limit of one message's text; longer alerts are cut rather than refused. */
export const SMS_MAX_LENGTH = 1600;

/**
 * The runtime of each app, by its database handle: smsRoutes (app.ts) registers it, so a caller
 * needs only the context (or its `db`) it already has. Several apps in one process (the tests)
 * each keep their own.
 */
const runtimes = new WeakMap<Db, SmsRuntime>();

export function registerSmsRuntime(db: Db, runtime: SmsRuntime) {
  runtimes.set(db, runtime);
}

const isContext = (x: AppContext | Db): x is AppContext => typeof x === 'object' && x !== null && 'config' in x && 'db' in x;

/**
 * Texts `body` to the user's mobile number for alerts. Answers what happened and never throws:
 * 'no_number' (none set), 'opted_out' (the number answered STOP), 'sent' (the provider took it) or
 * 'failed' (the provider refused it or could not be reached; logged with its error code, never a
 * credential). Call it outside a transaction: it waits for the provider.
 */
export async function sendSmsToUser(ctx: AppContext | Db, userId: string, body: string): Promise<SmsOutcome> {
  const db = isContext(ctx) ? ctx.db : ctx;
  const runtime = runtimes.get(db);
  if (!runtime) return 'failed';
  try {
    const repo = smsRepository(db);
    const to = await repo.numberOf(userId);
    if (!to) return 'no_number';
    if (await repo.isOptedOut(to)) return 'opted_out';
    const text = body.length > SMS_MAX_LENGTH ? `${body.slice(0, SMS_MAX_LENGTH - 1)}…` : body;
    const result = await runtime.provider.send(to, text);
    await repo.recordMessage({
      userId,
      toNumber: to,
      status: result.ok ? 'sent' : 'failed',
      providerSid: result.ok ? result.sid : null,
      errorCode: result.ok ? null : result.code,
      createdAt: runtime.now(),
    });
    if (result.ok) return 'sent';
    // The provider's code and status only: its message may repeat the number.
    runtime.log.warn({ userId, code: result.code, status: result.status }, 'text message refused or not delivered to the provider');
    return 'failed';
  } catch (err) {
    runtime.log.error({ userId, reason: err instanceof Error ? err.name : 'unknown' }, 'text message failed');
    return 'failed';
  }
}

/**
 * Whether texts can reach a user: their number for alerts (E.164, or null) and whether it answered
 * STOP. For screens that offer text alerts only to a user who can get them.
 */
export async function smsStatusOfUser(ctx: AppContext | Db, userId: string): Promise<{ mobileNumber: string | null; optedOut: boolean }> {
  const repo = smsRepository(isContext(ctx) ? ctx.db : ctx);
  const mobileNumber = await repo.numberOf(userId);
  return { mobileNumber, optedOut: mobileNumber ? await repo.isOptedOut(mobileNumber) : false };
}

export function smsSettingsService(ctx: AppContext) {
  const repo = smsRepository(ctx.db);
  const view = async (userId: string, home: Country): Promise<SmsSettingView> => {
    const number = await repo.numberOf(userId);
    return {
      mobile_number: number,
      display: number ? displayNumber(number, home) : null,
      default_country: home,
      opted_out: number ? await repo.isOptedOut(number) : false,
    };
  };
  return {
    view,
    /** Sets (or, with '', removes) the user's own number; 422 'Enter valid number' on the field otherwise. */
    async setNumber(userId: string, home: Country, typed: string): Promise<SmsSettingView> {
      if (!typed.trim()) {
        await repo.clearNumber(userId);
        return view(userId, home);
      }
      const normalised = normaliseMobileNumber(typed, home);
      if (!normalised.ok) throw AppError.field('mobile_number', 'validation.phone');
      await repo.setNumber(userId, normalised.e164, ctx.now());
      return view(userId, home);
    },
  };
}

/**
 * An inbound text (Twilio's webhook, its signature already checked): an opt-out word opts the
 * number out of every text, an opt-in word back in; anything else changes nothing.
 */
export async function applyInboundText(ctx: AppContext, from: string, body: string) {
  const keyword = keywordOf(body);
  if (!keyword) return null;
  const repo = smsRepository(ctx.db);
  if (keyword === 'STOP') await repo.optOut(from, body.trim().toUpperCase(), ctx.now());
  else await repo.optIn(from);
  return keyword;
}

/** The record of texts sent is kept 13 months: long enough to answer "was I texted?" about last year's season. */
export const SMS_RECORD_KEEP_DAYS = 395;
export const SMS_TRIM_JOB = 'sms.trim';
const DAY_MS = 86_400_000;

/**
 * The first trim comes a day after the server first starts: a fresh server has nothing a year old,
 * and a waiting job keeps its earlier time, so a restart never puts the trim off.
 */
export function firstSmsTrimAt(now: Date): Date {
  return new Date(now.getTime() + DAY_MS);
}

/** The daily job: forgets the texts sent more than SMS_RECORD_KEEP_DAYS ago, and runs again a day later. */
export async function trimSmsRecord(ctx: Pick<AppContext, 'db' | 'now'>) {
  const now = ctx.now();
  const removed = await smsRepository(ctx.db).deleteMessagesBefore(new Date(now.getTime() - SMS_RECORD_KEEP_DAYS * DAY_MS));
  return { removed, runAgainAt: new Date(now.getTime() + DAY_MS) };
}
