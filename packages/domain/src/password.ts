/** The password rules: at least 8 characters, a capital letter, a number, a special character. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'min' | 'capital' | 'number' | 'special';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('min');
  if (!/\p{Lu}/u.test(password)) problems.push('capital');
  if (!/\p{Nd}/u.test(password)) problems.push('number');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('special');
  return problems;
}
