import type { CarrierPreferencesUpdate } from '@freight/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { carriersRepository } from './carriers.repository';

/** Carrier visibility: a user hides carriers or marks them preferred. */
export function carriersService(ctx: AppContext) {
  const repo = carriersRepository(ctx.db);
  return {
    list: (userId: string) => repo.listFor(userId),

    /** Replaces the user's choices; every id must name an active carrier (422 otherwise). */
    async update(userId: string, body: CarrierPreferencesUpdate) {
      const hidden = [...new Set(body.hidden.map((id) => id.toLowerCase()))];
      const preferred = [...new Set(body.preferred.map((id) => id.toLowerCase()))];
      const active = await repo.activeIds();
      const errors: Record<string, string[]> = {};
      if (hidden.some((id) => !active.has(id))) errors.hidden = ['validation.carrier_unknown'];
      if (preferred.some((id) => !active.has(id))) errors.preferred = ['validation.carrier_unknown'];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      await repo.replace(userId, hidden, preferred);
      return repo.listFor(userId);
    },
  };
}

export { type CarrierChoices, carriersRepository } from './carriers.repository';
