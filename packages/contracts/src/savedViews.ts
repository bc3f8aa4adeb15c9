import { z } from 'zod';

/** The admin lists whose filters a staff user can save under a name. */
export const SAVED_VIEW_LISTS = ['shipments', 'accounts'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
/** Views a staff user keeps of one list. */
export const SAVED_VIEWS_PER_LIST = 20;
export const SAVED_VIEW_NAME_MAX = 60;

/** The list's URL query (paging left out): a few dozen short strings by name. */
const filters = z
  .record(z.string().regex(/^[a-z][a-z_]{0,39}$/, { error: 'validation.invalid' }), z.string().max(200, { error: 'validation.too_long' }), {
    error: 'validation.invalid',
  })
  .refine((f) => Object.keys(f).length <= 30, { error: 'validation.too_many' });

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(SAVED_VIEW_NAME_MAX, { error: 'validation.too_long' });

export const savedViewListQuery = z.object({ list: z.enum(SAVED_VIEW_LISTS, { error: 'validation.choice' }) });

export const savedViewCreateRequest = z.object({
  list: z.enum(SAVED_VIEW_LISTS, { error: 'validation.choice' }),
  name,
  filters,
});
export type SavedViewCreateRequest = z.infer<typeof savedViewCreateRequest>;

/** A rename, new filters (saving the list's current ones over the view), or both. */
export const savedViewUpdateRequest = z
  .object({ name: name.optional(), filters: filters.optional() })
  .refine((b) => b.name !== undefined || b.filters !== undefined, { error: 'validation.required', path: ['name'] });
export type SavedViewUpdateRequest = z.infer<typeof savedViewUpdateRequest>;

export const savedViewView = z.strictObject({
  id: z.uuid(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  filters: z.record(z.string(), z.string()).meta({ description: "The list's URL query by name, paging left out" }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SavedViewView = z.output<typeof savedViewView>;
