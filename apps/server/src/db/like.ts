/** `value` as a LIKE pattern that matches itself only (\, % and _ escaped; use with `escape '\'`). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
