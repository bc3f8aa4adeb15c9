import argon2 from 'argon2';

/** argon2id with the OWASP Password Storage Cheat Sheet's first parameter set (19 MiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email) it still spends the same work on a
 * dummy hash, so response times do not tell which addresses have accounts.
 */
export async function verifyPassword(hash: string | undefined, password: string) {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
