/**
 * The parts catalog's suggestions for an item description, apart from their query's schema: the
 * description field reads these as the quote form first renders, and a module that builds schemas
 * as it loads would bring the validation library with it.
 */

/** Suggestions start at this many characters and are at most this many. */
export const PART_SUGGESTION_MIN_CHARS = 2;
export const PART_SUGGESTION_LIMIT = 8;
