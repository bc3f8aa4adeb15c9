import { isoDate, pricingPreviewQuery, pricingProgramDraftRequest, pricingProgramPublishRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requirePricingStaff } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
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
 * Customer pricing programs (super_admin, fpg_admin, fpg_sales_admin): the default program
 * ('default') and each account's (by the account's id), with the tariff's version workflow:
 * the draft's editor, preview against recent quotes, publish for a day, restore.
 */
export async function pricingProgramsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: requirePricingStaff };
  const service = pricingProgramsService(ctx);
  const base = '/api/admin/pricing-programs';

  r.get(base, door, async () => ({ data: await service.list() }));

  r.get(`${base}/:key`, { ...door, schema: { params: keyParams } }, async (request) => ({
    data: await service.detail(programKey(request.params.key)),
  }));

  r.get(`${base}/:key/versions/:number`, { ...door, schema: { params: versionParams } }, async (request) => ({
    data: await service.version(programKey(request.params.key), versionNumber(request.params.number)),
  }));

  /** The version in force on a pickup day (?date=YYYY-MM-DD). */
  r.get(`${base}/:key/in-force`, { ...door, schema: { params: keyParams, querystring: z.object({ date: isoDate }) } }, async (request) => ({
    data: await service.versionOn(programKey(request.params.key), request.query.date),
  }));

  /** What a new draft starts from: the version in force today. */
  r.get(`${base}/:key/draft/new`, { ...door, schema: { params: keyParams } }, async (request) => ({
    data: await service.startingPoint(programKey(request.params.key)),
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
