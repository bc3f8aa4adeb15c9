import type { PageMeta } from '@freight/contracts';

/** The `meta` of every list answer. */
export function pageMeta(total: number, page: number, perPage: number, capped?: boolean): PageMeta {
  const meta = { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
  return capped === undefined ? meta : { ...meta, total_capped: capped };
}
