import type { ProductValues } from '@freight/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation, type ProductListOptions, productsRepository } from './products.repository';

export const PRODUCT_NUMBER_TAKEN = 'validation.product_number_taken';

const numberTaken = () => AppError.field('product_number', PRODUCT_NUMBER_TAKEN);

/**
 * The product catalog (spec sections 2 and 3): an account's products, each usable to fill a quote
 * item. A product number, when given, is unique in the account (any case).
 */
export function productsService(ctx: AppContext) {
  const repo = productsRepository(ctx.db);

  async function checkNumberFree(accountId: string, values: ProductValues, exceptId?: string) {
    if (values.product_number && (await repo.findByNumber(accountId, values.product_number, exceptId))) throw numberTaken();
  }

  return {
    page: (accountId: string, opts: ProductListOptions & { page: number; perPage: number }) => repo.page(accountId, opts),

    async find(accountId: string, id: string) {
      const row = await repo.find(id, accountId);
      if (!row) throw AppError.notFound();
      return row;
    },

    async create(caller: { accountId: string; userId: string }, values: ProductValues) {
      await checkNumberFree(caller.accountId, values);
      try {
        return await repo.insert(caller.accountId, caller.userId, values, ctx.now());
      } catch (error) {
        // Another request took the number between the check and the insert.
        if (isUniqueViolation(error)) throw numberTaken();
        throw error;
      }
    },

    async update(accountId: string, id: string, values: ProductValues) {
      if (!(await repo.find(id, accountId))) throw AppError.notFound();
      await checkNumberFree(accountId, values, id);
      try {
        const row = await repo.update(id, accountId, values, ctx.now());
        if (!row) throw AppError.notFound();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw numberTaken();
        throw error;
      }
    },

    async delete(accountId: string, id: string) {
      if (!(await repo.delete(id, accountId))) throw AppError.notFound();
    },
  };
}
