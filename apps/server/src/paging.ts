import type { Paginated } from '@freight/contracts';

/** The `meta` of every list answer (design brief section 4). */
export function pageMeta(total: number, page: number, perPage: number): Paginated<unknown>['meta'] {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
