import { isoDate, pricingPreviewQuery, pricingProgramDraftRequest, pricingProgramPublishRequest } from '@freight/contracts';
import { canEditPricing } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requirePricingReader, requirePricingStaff, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { salesRepsService } from '../sales-reps/sales-reps.service';
import { type ProgramKey, pricingProgramsService } from './pricing-programs.service';

const keyParams = z.object({ key: z.string().max(64) });
const versionParams = z.object({ key: z.string().max(64), number: z.string().max(12) });
/** 'default' names the default program; anything else must be an account's id. */
const programKey = (key: string): ProgramKey => {
  if (key === 'default') return null;
  if (!isUuid(key)) throw AppError.notFound();
  return key;
};
const versionNumber = (n: string) => {
  const number = /^\d{1,9}$/.test(n) ? Number(n) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw AppError.notFound();
  return number;
};

/**
 * Customer pricing programs: the default program ('default') and each account's (by the
 * account's id), with the tariff's version workflow: the draft's editor, preview against recent
 * quotes, publish for a day, restore. super_admin, fpg_admin and fpg_sales_admin read and write
 * every program; fpg_sales reads the default program and those of the accounts it is the rep of
 * (another account's is not found, as for any record out of the caller's reach) and writes none.
 */
export async function pricingProgramsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: requirePricingStaff };
  const readDoor = { preValidation: requirePricingReader };
  const service = pricingProgramsService(ctx);
  const reps = salesRepsService(ctx);
  const base = '/api/admin/pricing-programs';

  /** The accounts whose programs the caller reads: every one (undefined) for those who write programs, else its own as rep. */
  const scopeOf = async (request: FastifyRequest) => {
    const { user } = verified(request);
    return canEditPricing(user.roles) ? undefined : new Set(await reps.accountsOf(user.id));
  };
  /** The program key of a read, 404 for an account out of the caller's scope. */
  const readable = async (request: FastifyRequest, key: string) => {
    const program = programKey(key);
    const scope = await scopeOf(request);
    if (program !== null && scope && !scope.has(program)) throw AppError.notFound();
    return program;
  };

  r.get(base, readDoor, async (request) => {
    const scope = await scopeOf(request);
    const rows = await service.list();
    return { data: scope ? rows.filter((p) => p.account_id === null || scope.has(p.account_id)) : rows };
  });

  r.get(`${base}/:key`, { ...readDoor, schema: { params: keyParams } }, async (request) => ({
    data: await service.detail(await readable(request, request.params.key)),
  }));

  r.get(`${base}/:key/versions/:number`, { ...readDoor, schema: { params: versionParams } }, async (request) => ({
    data: await service.version(await readable(request, request.params.key), versionNumber(request.params.number)),
  }));

  /** The version in force on a pickup day (?date=YYYY-MM-DD). */
  r.get(
    `${base}/:key/in-force`,
    { ...readDoor, schema: { params: keyParams, querystring: z.object({ date: isoDate }) } },
    async (request) => ({
      data: await service.versionOn(await readable(request, request.params.key), request.query.date),
    }),
  );

  /** What a new draft starts from: the version in force today. */
  r.get(`${base}/:key/draft/new`, { ...readDoor, schema: { params: keyParams } }, async (request) => ({
    data: await service.startingPoint(await readable(request, request.params.key)),
  }));

  r.put(`${base}/:key/draft`, { ...door, schema: { params: keyParams, body: pricingProgramDraftRequest } }, async (request) => ({
    data: await service.saveDraft(auditActor(request), programKey(request.params.key), request.body),
  }));

  r.delete(`${base}/:key/draft`, { ...door, schema: { params: keyParams } }, async (request) => ({
    data: await service.discardDraft(auditActor(request), programKey(request.params.key)),
  }));

  r.post(`${base}/:key/draft/preview`, { ...door, schema: { params: keyParams, querystring: pricingPreviewQuery } }, async (request) => ({
    data: await service.preview(auditActor(request), programKey(request.params.key), request.query.quotes),
  }));

  r.post(`${base}/:key/draft/publish`, { ...door, schema: { params: keyParams, body: pricingProgramPublishRequest } }, async (request) => ({
    data: await service.publish(auditActor(request), programKey(request.params.key), request.body.effective_date),
  }));

  r.post(`${base}/:key/versions/:number/restore`, { ...door, schema: { params: versionParams } }, async (request) => ({
    data: await service.restore(auditActor(request), programKey(request.params.key), versionNumber(request.params.number)),
  }));
}
