import { DUTY_COUNTRIES, dutyEstimateRequest, dutyHsCode, dutyRateRequest, dutyRateSourceRequest } from '@freight/contracts';
import type { Currency } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { adminPage, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { exchangeRatesOf } from '../shipments/shipments.service';
import { dutyRatesService, type ToCad } from './duty-rates.service';

const countryParams = z.object({ country: z.enum(DUTY_COUNTRIES) });
const rateParams = countryParams.extend({ hs_code: z.string().max(20) });

/** The path's HS code in its kept form; a code of another form is a field error, as in the form. */
function hsCodeOf(typed: string) {
  const parsed = dutyHsCode.safeParse(typed);
  if (!parsed.success) throw AppError.field('hs_code', 'validation.hs_code');
  return parsed.data;
}

/**
 * The duties and taxes estimate for every customer user (the booking form's customs section asks
 * it as the declaration is typed, a shipment's page for its declaration; it reads no account's data), and the duty-rate tables for the staff who work the border (the
 * customs queue's door): read, a rate set or removed, the source and date changed, each audited.
 */
export async function dutyRatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = dutyRatesService(ctx);
  const door = { preValidation: adminPage('customs') };

  r.post('/api/customs/duty-estimate', { ...customerRoute('shipments.view'), schema: { body: dutyEstimateRequest } }, async (request) => {
    const rates = await exchangeRatesOf(ctx.db);
    const toCad: ToCad = (cents: number, currency: Currency) =>
      rates[currency] && rates.CAD ? Math.round((cents / rates[currency]) * rates.CAD) : null;
    return { data: await service.estimate(request.body, toCad) };
  });

  r.get('/api/admin/duty-rates/:country', { ...door, schema: { params: countryParams } }, async (request) => ({
    data: await service.view(request.params.country),
  }));

  r.put('/api/admin/duty-rates/:country', { ...door, schema: { params: countryParams, body: dutyRateSourceRequest } }, async (request) => {
    await service.setSource(auditActor(request), request.params.country, request.body);
    return { data: await service.view(request.params.country) };
  });

  r.put(
    '/api/admin/duty-rates/:country/rates/:hs_code',
    { ...door, schema: { params: rateParams, body: dutyRateRequest } },
    async (request) => {
      await service.setRate(auditActor(request), request.params.country, hsCodeOf(request.params.hs_code), request.body);
      return { data: await service.view(request.params.country) };
    },
  );

  r.delete('/api/admin/duty-rates/:country/rates/:hs_code', { ...door, schema: { params: rateParams } }, async (request) => {
    await service.deleteRate(auditActor(request), request.params.country, hsCodeOf(request.params.hs_code));
    return { data: await service.view(request.params.country) };
  });
}
