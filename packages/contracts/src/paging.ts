import { z } from 'zod';

/**
 * A paged list's `meta`: where the page is in the list. `total_capped`: the list stopped counting
 * at `total` (there are more); lists of big accounts count only so far past the page, since an
 * exact count costs a scan of every matching row.
 */
export const pageMetaView = z.strictObject({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  total_capped: z.boolean().optional().meta({ description: 'true when `total` stopped counting (a search with over 1,000 more matches)' }),
});
export type PageMeta = z.output<typeof pageMetaView>;

/** A list answered a page at a time. */
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}
